import { describe, expect, it } from 'vitest';
import { ERR } from '@/domain/errors';
import type { ContractHarness, HarnessFactory } from './harness';
import { eventInput, expectRejection, sleep, useHarness } from './support';

/** The status and body of the answer an api call rejected with ("status: body"). */
async function refusedWith(call: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'expected the call to be refused').toBeInstanceOf(Error);
  const m = /^(\d{3}): (.*)$/s.exec((error as Error).message);
  expect(m, (error as Error).message).not.toBeNull();
  return { status: Number(m![1]), body: JSON.parse(m![2]!) as unknown };
}

/** Waits until the approval mail is in the outbox (mail is a side effect of approve). */
async function approvalMailed(h: ContractHarness): Promise<void> {
  for (let waited = 0; waited < 20_000; waited += 100) {
    const mails = await h.notificationOutbox();
    if (mails.some((m) => m.subject.includes('承認されました'))) return;
    await sleep(100);
  }
  throw new Error('the approval mail was not sent');
}

/** Each case signs up several accounts: on the emulators that takes seconds on a busy machine. */
const SLOW = { timeout: 30_000 };

/**
 * The mail endpoints (src/data/ports/api.ts) take every call the way the Cloud Functions take an
 * HTTP request, on both backends: the caller's identity, their standing, their quota and the
 * body are checked first (acceptPost), whatever the mail would be.
 */
export function apiContract(makeHarness: HarnessFactory): void {
  describe('api port: the caller checks', SLOW, () => {
    const h = useHarness(makeHarness);

    it('refuses a signed-out caller before any call', async () => {
      await h().signUpAs('送信者');
      await h().signOut();
      await expectRejection(
        h().backend.api.sendNotificationEmail({
          type: 'event_approved',
          recipientId: 'someone',
          requestId: 'some-request',
        }),
        ERR.loginRequired,
      );
    });

    it('refuses a suspended caller even for a mail they could otherwise cause', async () => {
      const { backend } = h();
      const organizer = await h().signUpAs('主催 太郎');
      const eventId = await backend.organizing.create(eventInput({ title: '朝のテニス' }));
      const requester = await h().signUpAs('参加 花子');
      const requestId = await backend.participation.request(eventId, '');
      await h().signInAs(organizer);
      await backend.participation.approve(requestId);
      // The approval's own mail goes out first, while the organizer is in good standing.
      await approvalMailed(h());
      const payload = { type: 'event_approved', recipientId: requester, requestId } as const;
      await h().setSuspended(organizer, true);
      expect(await refusedWith(backend.api.sendNotificationEmail(payload))).toEqual({
        status: 403,
        body: { error: 'account_suspended', message: 'This account is suspended.' },
      });
      expect(
        await refusedWith(
          backend.api.trackUnreadMessage({
            recipientId: requester,
            senderId: organizer,
            messageId: 'm1',
            conversationId: 'c1',
          }),
        ),
      ).toMatchObject({ status: 403, body: { error: 'account_suspended' } });
    });

    it('refuses a body that does not match the endpoint (400) before reading anything', async () => {
      const { backend } = h();
      await h().signUpAs('送信者');
      const answer = await refusedWith(
        backend.api.sendNotificationEmail({
          type: 'event_approved',
          recipientId: '   ',
          requestId: 'no-such-request',
        }),
      );
      expect(answer).toMatchObject({
        status: 400,
        body: { error: 'invalid_body', issues: [expect.objectContaining({ path: 'recipientId' })] },
      });
    });

    it("holds the caller's quota: the 61st call in ten minutes is refused (429)", async () => {
      const { backend } = h();
      await h().signUpAs('送信者');
      // Bodies that do not parse still count: the quota is checked before the body.
      const call = () =>
        refusedWith(
          backend.api.sendNotificationEmail({
            type: 'event_approved',
            recipientId: '',
            requestId: '',
          }),
        );
      for (let i = 0; i < 60; i++) expect((await call()).status).toBe(400);
      expect(await call()).toMatchObject({
        status: 429,
        body: { error: 'rate_limited', retryAfterSeconds: expect.any(Number) },
      });
    });
  });
}
