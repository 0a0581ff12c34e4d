import {
  ATTENDANCE_WINDOW_DAYS,
  EVENT_START_SLACK_MINUTES,
  FEE_AMOUNT_MAX,
  FEE_NOTE_MAX,
  MESSAGE_MAX_LENGTH,
  POST_MAX_LENGTH,
  REPORT_DETAIL_MAX,
  REQUEST_MESSAGE_MAX,
  STAFF_NOTE_MAX,
} from '@/domain/constants';
import { HEADCOUNT_MAX, HEADCOUNT_MIN } from '@/domain/headcount';

/** The error catalogue (docs/domain.md "Errors"), quoted as the product specifies it. */
export const ERR = {
  authCreateEvents: 'User must be authenticated to create events',
  authJoinEvents: 'User must be authenticated to join events',
  authLeaveEvents: 'User must be authenticated to leave events',
  authSendMessages: 'User must be authenticated to send messages',
  authRequired: 'User must be authenticated',
  passwordAuthRequired: 'パスワードを変更するにはログインが必要です',
  updateEventLogin: 'イベントを更新するにはログインが必要です',
  eventNotFound: 'イベントが見つかりません',
  noEditPermission: 'このイベントを編集する権限がありません',
  noStatusPermission: 'このイベントの募集状態を変更する権限がありません',
  alreadyJoined: 'すでにこのイベントに参加しています',
  alreadyRequested: '既に参加リクエストを送信済みです。主催者の承認をお待ちください。',
  notParticipating: 'このイベントに参加していません',
  requestNotFound: '参加リクエストが見つかりません',
  noCancelPermission: 'このリクエストをキャンセルする権限がありません',
  alreadyProcessed: 'このリクエストは既に処理されています',
  loginRequired: '操作にはログインが必要です',
  invalidFile: '有効なファイルが選択されていません',
  uploadTimeout: 'アップロードがタイムアウトしました (30秒)',
  uploadFailed: '画像のアップロードに失敗しました',
  downloadUrlFailed: '画像URLの取得に失敗しました',
  eventFull: 'このイベントは定員に達しています',
  invalidStatusChange: 'この募集状態には変更できません',
  eventNotOpen: 'このイベントは現在参加を受け付けていません',
  capacityBelowParticipants: '定員は現在の参加者数より少なくできません',
  invalidEventInput: 'イベントの入力内容に誤りがあります。内容を確認してください',
  eventStartInPast: '過去の日時は指定できません。開催日と開始時刻を確認してください',
  invalidSeriesRule: '繰り返しの設定に誤りがあります。曜日と終了の指定を確認してください',
  noProcessPermission: 'このリクエストを処理する権限がありません',
  unsupportedImageType: '画像はJPEG・PNG・GIF・WebP・AVIF形式のファイルを選んでください',
  imageTooLarge: '画像は5MB以下のファイルを選んでください',
  unreadableImage: 'この画像は読み込めませんでした。別の画像を選んでください',
  requestMessageTooLong: `メッセージは${REQUEST_MESSAGE_MAX}文字以内で入力してください`,
  teamNotFound: 'チームが見つかりません',
  noTeamEditPermission: 'このチームを編集する権限がありません',
  invalidTeamInput: 'チームの入力内容に誤りがあります。内容を確認してください',
  teamLimitBelowMembers: '上限人数は現在のメンバー数より少なくできません',
  alreadyTeamMember: 'すでにこのチームのメンバーです',
  alreadyTeamRequested:
    '既にこのチームへの参加リクエストを送信済みです。代表者の承認をお待ちください。',
  teamNotRecruiting: 'このチームは現在メンバーを募集していません',
  teamFull: 'このチームは上限人数に達しています',
  notTeamMember: 'このチームのメンバーではありません',
  teamOwnerCannotLeave: '代表者はチームを抜けることができません',
  noTeamMemberPermission: 'このチームのメンバーを管理する権限がありません',
  cannotRemoveTeamOwner: '代表者をチームから外すことはできません',
  teamEventNotMember: 'チームとしてイベントを作成できるのは、そのチームのメンバーだけです',
  accountSuspended: 'このアカウントは利用停止中のため、この操作はできません',
  noProfileEditPermission: 'このプロフィールを編集する権限がありません',
  emailNotVerified:
    'この操作にはメールアドレスの確認が必要です。確認メールのリンクを開いてください',
  conversationNotFound: '会話が見つかりません',
  cannotMessageSelf: '自分自身にメッセージを送ることはできません',
  recipientNotFound: 'メッセージの相手が見つかりません',
  messageEmpty: 'メッセージを入力してください',
  messageTooLong: `メッセージは${MESSAGE_MAX_LENGTH}文字以内で入力してください`,
  messageIdTaken: 'このメッセージは送信できませんでした。もう一度お試しください',
  // Staff area and reports (docs/staff.md).
  staffOnly: 'この操作を行う権限がありません',
  rolesAdminOnly: '役割を変更できるのは管理者だけです',
  lastAdmin: '管理者が一人もいなくなるため、この役割の変更はできません',
  tooManyAdmins: '管理者の人数が上限に達しています',
  noStandingPermission: 'このアカウントの利用状態を変更する権限がありません',
  userNotFound: 'ユーザーが見つかりません',
  eventAlreadyOver: 'このイベントは既に中止または終了しています',
  eventFrozenByStaff: '運営が中止したイベントは編集できません',
  reportNotFound: '通報が見つかりません',
  reportAlreadyResolved: 'この通報は既に対応済みです',
  reportTargetNotFound: '通報する対象が見つかりません',
  cannotReportOwn: '自分自身や自分の投稿は通報できません',
  alreadyReported: 'この内容は既に通報済みです。運営が確認するまでお待ちください',
  reportDetailTooLong: `詳細は${REPORT_DETAIL_MAX}文字以内で入力してください`,
  staffNoteTooLong: `メモは${STAFF_NOTE_MAX}文字以内で入力してください`,
  resolutionNoteRequired: '対応内容を入力してください',
  setupAccountOnly: 'この操作は初期設定用のアカウントでのみ行えます',
  adminAlreadyExists: '管理者は既に登録されています',
  invalidRole: 'この役割は選択できません',
  cancelReasonRequired: '中止の理由を選んでください',
  reportReasonRequired: '通報の理由を選んでください',
  profileNotFound: 'ユーザーが見つかりません',
  customUserIdTaken: 'ユーザーIDが他のアカウントと重なりました。もう一度お試しください',
  // Attendance after an event (docs/profile.md "Attendance").
  noAttendancePermission: 'このイベントの出欠を記録する権限がありません',
  attendanceBeforeEnd: '出欠はイベントの終了後に記録できます',
  attendanceWindowClosed: `出欠を記録できるのはイベント終了から${ATTENDANCE_WINDOW_DAYS}日間です`,
  attendanceEventCancelled: '中止されたイベントの出欠は記録できません',
  notEventParticipant: 'この方はイベントの参加者ではありません',
  invalidAttendance: '出欠の値が正しくありません',
  // Entry method and waitlist (docs/domain.md "Entry method and waitlist").
  approvalRequired: 'このイベントは承認制です。参加をリクエストしてください',
  firstComeEvent: 'このイベントは先着順です。「今すぐ参加する」から参加してください',
  alreadyOnWaitlist: 'すでにキャンセル待ちに登録しています',
  notOnWaitlist: 'キャンセル待ちに登録していません',
  eventNotFull: 'このイベントにはまだ空きがあります',
  waitlistFull: 'キャンセル待ちの人数が上限に達しています',
  removalReasonRequired: '参加を取り消す理由を選んでください',
  leaveAfterEnd: '終了したイベントの参加はやめられません',
  // The end of an event bounds what may still change (docs/domain.md "After the end").
  eventEnded: 'このイベントは終了しています',
  eventStartTooSoon: `開始時刻は今から${EVENT_START_SLACK_MINUTES}分以上先にしてください`,
  moveAfterEnd: '終了したイベントの日時は変更できません',
  cancelAfterEnd: '終了したイベントは中止にできません。「終了」にしてください',
  removedByOrganizer: '主催者により参加が取り消されました',
  notRemoved: 'この方の参加は取り消されていません',
  // The minimum headcount (docs/domain.md "Minimum headcount").
  headcountMinInvalid: `最少催行人数は${HEADCOUNT_MIN}〜${HEADCOUNT_MAX}人の整数で入力してください`,
  headcountAboveCapacity: '最少催行人数は定員以下にしてください',
  headcountDecideAtMissing: '判定日時を指定してください',
  headcountDecideAfterStart: '判定日時は開始日時より前にしてください',
  headcountDecideAtPast: '判定日時が過ぎています。これから先の日時を選んでください',
  headcountAlreadyDecided: 'このイベントの開催判定は既に行われています',
  headcountFollowingCustom:
    '「この日以降すべて」には、前日 18:00 か 当日 開始3時間前 を選んでください（日時の指定は「この日のみ」です）',
  headcountNotAsked: 'このイベントは開催の判断を求められていません',
  // A series: changing and ending it, its regulars (docs/series.md).
  seriesNotFound: '定期開催が見つかりません',
  seriesEnded: 'この定期開催は終了しています',
  // Fees (docs/fees.md).
  noFeePermission: 'このイベントの参加費を管理する権限がありません',
  noFeeForEvent: 'このイベントには参加費がありません',
  feeAlreadyConfirmed: '主催者が支払いを確認済みのため変更できません',
  invalidPaymentMethod: '支払い方法を選んでください',
  invalidFeeAmount: `金額は0〜${FEE_AMOUNT_MAX}円の整数で入力してください`,
  feeNoteTooLong: `メモは${FEE_NOTE_MAX}文字以内で入力してください`,
  // Check-in at the venue (docs/fees.md "Check-in").
  noCheckInPermission: 'このイベントの受付をする権限がありません',
  checkInClosed: '受付できるのは開始1時間前から終了までです',
  checkInCancelled: '中止されたイベントは受付できません',
  alreadyCheckedIn: 'この方は受付済みです',
  // Following (docs/follows.md).
  cannotFollowSelf: '自分自身はフォローできません',
  followTargetNotFound: 'フォローする相手が見つかりません',
  // Regulars of a series (docs/series.md "Regulars").
  alreadyRegular: 'すでにこの定期開催のレギュラーです',
  notRegular: 'この定期開催のレギュラーではありません',
  regularsFull: 'この定期開催のレギュラーは上限の人数に達しています',
  organizerNotRegular: 'ご自身の定期開催にはレギュラー登録できません',
  noSeriesPermission: 'この定期開催を管理する権限がありません',
  regularAlreadyAccepted: 'この方はすでにレギュラーとして承認されています',
  notSeriesDate: 'この日程はこの定期開催のものではありません',
  alreadySkipped: 'この日はすでにお休みにしています',
  // Event boards and team chat (docs/board.md).
  boardNotFound: '掲示板が見つかりません',
  boardNoSeat: 'この掲示板に投稿できるのは主催者と参加者（チームチャットはメンバー）だけです',
  postEmpty: '投稿内容を入力してください',
  postTooLong: `投稿は${POST_MAX_LENGTH}文字以内で入力してください`,
  postNotFound: '投稿が見つかりません',
  notPostAuthor: '自分の投稿だけを編集できます',
  noPostDeletePermission: 'この投稿を削除する権限がありません',
  noPinPermission: 'ピン留めできるのは主催者だけです',
  noAnnouncePermission: '参加者全員への通知は主催者だけが送れます',
} as const;

export type ErrorKey = keyof typeof ERR;

/** A rule of the domain refused an operation; `message` is the catalogue text shown to the user. */
export class DomainError extends Error {
  readonly key: ErrorKey;
  /**
   * The refusal says that what was asked for has already happened, by this same person: the
   * request is a repeat (a double click, a retry after a lost answer). The screens take it as
   * done instead of showing the error (docs/domain.md "Repeated writes").
   */
  readonly alreadyDone: boolean;
  constructor(key: ErrorKey, options: { alreadyDone?: boolean } = {}) {
    super(ERR[key]);
    this.name = 'DomainError';
    this.key = key;
    this.alreadyDone = options.alreadyDone ?? false;
  }
}

export function isDomainError(e: unknown, key?: ErrorKey): e is DomainError {
  return e instanceof DomainError && (key === undefined || e.key === key);
}

/** Whether a failure is the repeat of a write that already happened (see DomainError). */
export function isAlreadyDone(e: unknown): boolean {
  return e instanceof DomainError && e.alreadyDone;
}

/**
 * Failures that are not a rule of the domain: the service refused (Firebase: its security rules),
 * the document is not there, or the network failed. Firestore errors carry these codes already
 * (FirestoreError.code); the local backend throws BackendError with the same codes where Firebase
 * would fail, so callers and the contract suites check failureCode(e) whatever the backend.
 */
export const FAILURE_MESSAGES = {
  'permission-denied': 'この操作を行う権限がありません',
  'not-found': '対象のデータが見つかりません',
  unavailable: '通信できませんでした。接続を確認してから、もう一度お試しください',
} as const;

export type FailureCode = keyof typeof FAILURE_MESSAGES;

export class BackendError extends Error {
  readonly code: FailureCode;
  constructor(code: FailureCode) {
    super(FAILURE_MESSAGES[code]);
    this.name = 'BackendError';
    this.code = code;
  }
}

/** The failure code of any thrown value (a BackendError or a Firestore error), else null. */
export function failureCode(e: unknown): FailureCode | null {
  const code: unknown = e && typeof e === 'object' ? (e as { code?: unknown }).code : undefined;
  return typeof code === 'string' && Object.hasOwn(FAILURE_MESSAGES, code)
    ? (code as FailureCode)
    : null;
}

/**
 * Authentication failures, normalized from Firebase Auth codes (and produced with the same codes
 * by the local backend) so the UI maps one set of codes to Japanese.
 */
export const AUTH_ERROR_MESSAGES = {
  'auth/invalid-credential': 'メールアドレスまたはパスワードが正しくありません',
  'auth/email-already-in-use': 'このメールアドレスは既に登録されています',
  'auth/invalid-email': 'メールアドレスの形式が正しくありません',
  'auth/weak-password': 'パスワードは8文字以上で、英字と数字を含めてください',
  'auth/too-many-requests': '試行回数が多すぎます。しばらく時間をおいてから再度お試しください',
  'auth/network-request-failed': 'ネットワークに接続できません。通信環境を確認してください',
  'auth/invalid-action-code':
    'このリンクは無効か、既に使用されています。もう一度メールを送信してください',
  'auth/expired-action-code':
    'このリンクの有効期限が切れています。もう一度メールを送信してください',
  'auth/requires-recent-login': 'セキュリティのため、もう一度ログインしてください',
  'auth/user-disabled': 'このアカウントは無効になっています',
  'auth/unauthenticated': 'ログインが必要です',
  'auth/unknown': '認証中にエラーが発生しました。しばらくしてから再度お試しください',
} as const;

export type AuthErrorCode = keyof typeof AUTH_ERROR_MESSAGES;

export class AuthError extends Error {
  readonly code: AuthErrorCode;
  constructor(code: AuthErrorCode, message?: string) {
    super(message ?? AUTH_ERROR_MESSAGES[code]);
    this.name = 'AuthError';
    this.code = code;
  }
}

const AUTH_CODE_ALIASES: Record<string, AuthErrorCode> = {
  'auth/wrong-password': 'auth/invalid-credential',
  'auth/user-not-found': 'auth/invalid-credential',
  'auth/invalid-login-credentials': 'auth/invalid-credential',
  'auth/missing-password': 'auth/invalid-credential',
  // A Firebase project password policy (docs/firebase.md) refusing a password the client let through.
  'auth/password-does-not-meet-requirements': 'auth/weak-password',
};

/** Maps any auth service code to one of ours; unknown user and wrong password share one message. */
export function normalizeAuthCode(code: string | undefined): AuthErrorCode {
  if (!code) return 'auth/unknown';
  // Own keys only: "constructor" or "toString" must not pass as codes through the prototype.
  if (Object.hasOwn(AUTH_ERROR_MESSAGES, code)) return code as AuthErrorCode;
  return Object.hasOwn(AUTH_CODE_ALIASES, code) ? AUTH_CODE_ALIASES[code]! : 'auth/unknown';
}

/** The text to show for any thrown value: catalogue and auth messages as they are, others generic. */
export function errorMessage(
  e: unknown,
  fallback = 'エラーが発生しました。もう一度お試しください',
): string {
  if (e instanceof DomainError || e instanceof AuthError) return e.message;
  const failure = failureCode(e);
  if (failure) return FAILURE_MESSAGES[failure];
  if (e instanceof Error && /[ぁ-んァ-ン一-龥]/.test(e.message)) return e.message;
  return fallback;
}
