import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImagePicker } from './image-picker';

describe('ImagePicker', () => {
  it('reports the picked file', async () => {
    const onPick = vi.fn();
    render(<ImagePicker label="イベント画像" previewURL={null} onPick={onPick} />);
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText(/画像を選択/), file);
    expect(onPick).toHaveBeenCalledWith(file);
  });

  it('shows a progress bar with the current percentage instead of the buttons while uploading', () => {
    render(
      <ImagePicker label="イベント画像" previewURL="blob:x" onPick={() => {}} progress={40} />,
    );
    const bar = screen.getByRole('progressbar', { name: '画像をアップロードしています' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.queryByLabelText(/画像を選択/)).not.toBeInTheDocument();
  });

  it('offers a retry of the same file after a failure', async () => {
    const onRetry = vi.fn();
    render(
      <ImagePicker
        label="イベント画像"
        previewURL="blob:x"
        onPick={() => {}}
        error="アップロードがタイムアウトしました (30秒)"
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'アップロードがタイムアウトしました (30秒)',
    );
    await userEvent.click(screen.getByRole('button', { name: '再試行' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
