import { DEFAULT_EMAIL_SETTINGS, emailSettingsSchema } from './email-settings';

describe('email settings', () => {
  it('sends every kind when nothing is stored', () => {
    expect(emailSettingsSchema.parse(undefined)).toEqual(DEFAULT_EMAIL_SETTINGS);
    expect(emailSettingsSchema.parse({})).toEqual(DEFAULT_EMAIL_SETTINGS);
    expect(emailSettingsSchema.parse({ mail: null })).toEqual(DEFAULT_EMAIL_SETTINGS);
  });

  it('turns a kind off only on an explicit false', () => {
    const s = emailSettingsSchema.parse({
      mail: { participationApproved: false, participationRejected: 'no', unreadMessages: 0 },
    });
    expect(s).toEqual({
      participationApproved: false,
      participationRejected: true,
      unreadMessages: true,
      eventReminder: true,
    });
  });

  it('ignores kinds it does not know', () => {
    expect(emailSettingsSchema.parse({ mail: { somethingElse: false } })).toEqual(
      DEFAULT_EMAIL_SETTINGS,
    );
  });
});
