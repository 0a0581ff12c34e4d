import { REQUEST_MESSAGE_MAX } from '@/domain/constants';

/** The error catalogue of SPEC §8, quoted byte for byte. */
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
  noProcessPermission: 'このリクエストを処理する権限がありません',
  unsupportedImageType: '画像はJPEG・PNG・GIF・WebP・AVIF形式のファイルを選んでください',
  imageTooLarge: '画像は5MB以下のファイルを選んでください',
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
  emailNotVerified:
    'この操作にはメールアドレスの確認が必要です。確認メールのリンクを開いてください',
} as const;

export type ErrorKey = keyof typeof ERR;

/** A rule of the domain refused an operation; `message` is the catalogue text shown to the user. */
export class DomainError extends Error {
  readonly key: ErrorKey;
  constructor(key: ErrorKey) {
    super(ERR[key]);
    this.name = 'DomainError';
    this.key = key;
  }
}

export function isDomainError(e: unknown, key?: ErrorKey): e is DomainError {
  return e instanceof DomainError && (key === undefined || e.key === key);
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
  // A Firebase project password policy (README) refusing a password the client let through.
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
  if (e instanceof Error && /[ぁ-んァ-ン一-龥]/.test(e.message)) return e.message;
  return fallback;
}
