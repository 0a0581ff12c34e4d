import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { MESSAGE_COUNTER_FROM, MESSAGE_MAX_LENGTH } from '@/domain/constants';
import { ERR } from '@/domain/errors';
import { Composer } from './composer';

function setPointer(coarse: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: coarse && query === '(pointer: coarse)',
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

function Harness({ onSend }: { onSend: (text: string) => string | null }) {
  const [draft, setDraft] = useState('');
  return <Composer draft={draft} onDraftChange={setDraft} onSend={onSend} />;
}

function box() {
  return screen.getByRole('textbox', { name: 'メッセージ' });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Composer on a computer', () => {
  beforeEach(() => setPointer(false));

  it('sends with Enter and empties the box; Shift+Enter adds a line instead', async () => {
    const onSend = vi.fn(() => null);
    render(<Harness onSend={onSend} />);
    const user = userEvent.setup();
    await user.type(box(), 'こんにちは{Shift>}{Enter}{/Shift}また明日');
    expect(onSend).not.toHaveBeenCalled();
    expect(box()).toHaveValue('こんにちは\nまた明日');
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('こんにちは\nまた明日');
    expect(box()).toHaveValue('');
    expect(screen.getByText('Enterで送信、Shift+Enterで改行')).toBeInTheDocument();
  });

  it('never sends on the Enter that confirms an IME conversion', () => {
    const onSend = vi.fn(() => null);
    render(<Harness onSend={onSend} />);
    fireEvent.change(box(), { target: { value: 'へんかん' } });
    fireEvent.keyDown(box(), { key: 'Enter', isComposing: true });
    // Safari reports the confirming keydown with keyCode 229 instead.
    fireEvent.keyDown(box(), { key: 'Enter', keyCode: 229 });
    expect(onSend).not.toHaveBeenCalled();
    expect(box()).toHaveValue('へんかん');
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('へんかん');
  });

  it('does not send blank text, and keeps the text with the reason when sending refuses it', async () => {
    const onSend = vi.fn(() => 'このアカウントは利用停止中のため、この操作はできません');
    render(<Harness onSend={onSend} />);
    const user = userEvent.setup();
    await user.type(box(), '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '送信' })).toBeDisabled();
    await user.type(box(), 'やあ{Enter}');
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(box()).toHaveValue('   やあ');
    expect(screen.getByRole('alert')).toHaveTextContent('利用停止中');
  });

  it('shows a counter near the limit and refuses text over it', () => {
    const onSend = vi.fn(() => null);
    render(<Harness onSend={onSend} />);
    fireEvent.change(box(), { target: { value: 'あ'.repeat(MESSAGE_COUNTER_FROM - 1) } });
    expect(screen.queryByText(new RegExp(`/ ${MESSAGE_MAX_LENGTH}$`))).toBeNull();
    fireEvent.change(box(), { target: { value: 'あ'.repeat(MESSAGE_MAX_LENGTH) } });
    expect(screen.getByText(`${MESSAGE_MAX_LENGTH} / ${MESSAGE_MAX_LENGTH}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '送信' })).toBeEnabled();
    fireEvent.change(box(), { target: { value: 'あ'.repeat(MESSAGE_MAX_LENGTH + 1) } });
    expect(screen.getByRole('alert')).toHaveTextContent(ERR.messageTooLong);
    expect(screen.getByRole('button', { name: '送信' })).toBeDisabled();
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
  });
});

describe('Composer on a touch screen', () => {
  beforeEach(() => setPointer(true));

  it('adds a line with Enter and sends with the button or Ctrl+Enter', async () => {
    const onSend = vi.fn(() => null);
    render(<Harness onSend={onSend} />);
    const user = userEvent.setup();
    await user.type(box(), '一行目{Enter}二行目');
    expect(onSend).not.toHaveBeenCalled();
    expect(box()).toHaveValue('一行目\n二行目');
    await user.click(screen.getByRole('button', { name: '送信' }));
    expect(onSend).toHaveBeenCalledWith('一行目\n二行目');
    await user.type(box(), '三行目{Control>}{Enter}{/Control}');
    expect(onSend).toHaveBeenLastCalledWith('三行目');
    expect(screen.getByText('送信ボタンで送信（Enterは改行）')).toBeInTheDocument();
  });
});
