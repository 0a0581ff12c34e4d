import { DEFAULT_EMAIL_SETTINGS, emailSettingsSchema } from './email-settings';

describe('email settings', () => {
  it('sends every kind when nothing is stored', () => {
    expect(emailSettingsSchema.parse(undefined)).toEqual(DEFAULT_EMAIL_SETTINGS);
    expect(emailSettingsSchema.parse({})).toEqual(DEFAULT_EMAIL_SETTINGS);
    expect(emailSettingsSchema.parse({ mail: null })).toEqual(DEFAULT_EMAIL_SETTINGS);
  });

  it('decides a kind by a stored boolean only; anything else reads as its default', () => {
    const s = emailSettingsSchema.parse({
      mail: {
        participationApproved: false,
        participationRejected: 'no',
        unreadMessages: 0,
        organizerParticipantChanges: 'yes',
      },
    });
    expect(s).toEqual({
      ...DEFAULT_EMAIL_SETTINGS,
      participationApproved: false,
    });
    // The organizer's notice of leaves and direct joins starts off.
    expect(DEFAULT_EMAIL_SETTINGS.organizerParticipantChanges).toBe(false);
    expect(emailSettingsSchema.parse({ mail: { organizerParticipantChanges: true } })).toEqual({
      ...DEFAULT_EMAIL_SETTINGS,
      organizerParticipantChanges: true,
    });
  });

  it('ignores kinds it does not know', () => {
    expect(emailSettingsSchema.parse({ mail: { somethingElse: false } })).toEqual(
      DEFAULT_EMAIL_SETTINGS,
    );
  });
});
