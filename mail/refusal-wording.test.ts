import { rejectionMail } from './templates';
import { MAIL_KIND_LABELS } from '@/domain/entities/email-settings';
import { notificationText } from '@/domain/entities/notification';
import { REQUEST_STATUS_LABELS } from '@/domain/entities/participation-request';

/** The organizer presses 却下; whoever asked reads 見送り, and only that, wherever they read it. */
describe('the words of a refused request, as the requester reads them', () => {
  const notification = (type: 'participation_rejected' | 'team_join_rejected') =>
    notificationText({
      type,
      title: '',
      content: '',
      data: { eventTitle: '夜ラン', teamName: '朝ラン会' },
    });
  const mail = rejectionMail({ title: '夜ラン' }, '山田', 'https://example.com');
  const read = [
    REQUEST_STATUS_LABELS.rejected,
    MAIL_KIND_LABELS.participationRejected.label,
    MAIL_KIND_LABELS.participationRejected.description,
    notification('participation_rejected').title,
    notification('participation_rejected').body,
    notification('team_join_rejected').title,
    notification('team_join_rejected').body,
    mail.text.split('\n')[0]!,
  ];

  it('all say 見送り', () => {
    for (const text of read) expect(text).toContain('見送');
  });

  it('none says it another way', () => {
    for (const text of read) expect(text).not.toMatch(/却下|不承認|承認されません|拒否/);
  });
});
