import { Link } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import {
  ClosingCta,
  CtaPair,
  FaqList,
  FeatureGrid,
  LandingSection,
  StepList,
  TEXT_LINK_CLASS,
  type FaqEntry,
  type FeatureItem,
  type StepItem,
} from '../info-blocks';

const FEATURES: readonly FeatureItem[] = [
  {
    icon: 'check',
    title: '参加リクエストの承認制',
    description:
      '参加希望者からのリクエストを確認し、承認するかどうかを主催者が決められます。レベルや雰囲気に合うメンバーで、安心してイベントを開催できます。',
  },
  {
    icon: 'users',
    title: '定員管理',
    description:
      '定員を設定しておけば、現在の参加人数がひと目でわかります。人数を数え直したり、名簿を手作業でまとめたりする手間がなくなります。',
  },
  {
    icon: 'chat',
    title: 'メッセージ',
    description:
      '参加者と1対1でメッセージをやり取りできます。集合場所の案内や持ち物の確認など、連絡先を交換しなくても必要な連絡が取れます。',
  },
  {
    icon: 'bell',
    title: '通知',
    description:
      '新しい参加リクエストやメッセージが届くと、アプリ内の通知でお知らせします。承認・非承認の結果は参加希望者にメールでも届くため、連絡漏れを防げます。',
  },
];

const STEPS: readonly StepItem[] = [
  {
    title: '無料で会員登録',
    description: (
      <>
        メールアドレスで
        <Link to="/register" className={TEXT_LINK_CLASS}>
          会員登録
        </Link>
        し、届いた確認メールのリンクを開けば準備完了です。
      </>
    ),
  },
  {
    title: 'イベントを作成',
    description:
      '競技、日時、場所、レベル、参加費、定員を入力して公開します。写真を添えると、雰囲気がより伝わります。',
  },
  {
    title: '承認して当日を迎える',
    description:
      '届いた参加リクエストを確認して承認します。あとはメッセージで当日の案内を送り、イベントを楽しみましょう。',
  },
];

const FAQ: readonly FaqEntry[] = [
  {
    question: 'イベントの掲載に料金はかかりますか？',
    answer: <p>いいえ。イベントの作成・掲載や参加者の管理は、すべて無料でご利用いただけます。</p>,
  },
  {
    question: '参加費はどのように集めればよいですか？',
    answer: (
      <p>
        本サービスでは決済を取り扱っていないため、参加費は当日の現金払いなど、主催者と参加者の間で直接やり取りしてください。支払い方法やキャンセル時の取扱いは、イベントの説明にあらかじめ明記しておくと安心です。
      </p>
    ),
  },
  {
    question: '個人でも主催できますか？',
    answer: (
      <p>
        はい。会員登録をされた方であれば、個人でもサークルやチームでも主催できます。チームで活動されている場合は、
        <Link to="/teams" className={TEXT_LINK_CLASS}>
          チームページ
        </Link>
        もあわせてご活用ください。
      </p>
    ),
  },
  {
    question: 'やむを得ずイベントを中止するときは？',
    answer: (
      <p>
        イベントの編集画面から内容や状態を変更し、承認済みの参加者にはメッセージで早めにお知らせください。雨天時の判断基準などを、あらかじめイベントの説明に記載しておくこともおすすめします。
      </p>
    ),
  },
  {
    question: '主催者として気を付けることはありますか？',
    answer: (
      <p>
        会場の利用ルールを守り、天候や参加者の体調に気を配るなど、安全への配慮をお願いしています。詳しくは
        <Link to="/terms" className={TEXT_LINK_CLASS}>
          利用規約
        </Link>
        の「イベントの主催・参加」をご確認ください。
      </p>
    ),
  },
];

function CtaButtons({ inverted = false }: { inverted?: boolean }) {
  return (
    <CtaPair
      inverted={inverted}
      primary={{ to: '/create-event', label: 'イベントを作成する' }}
      secondary={{ to: '/events', label: 'イベントを見る' }}
    />
  );
}

/** A decorative court drawn with CSS/SVG for the hero. */
function CourtIllustration() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 200 120"
      className="hidden h-36 w-auto shrink-0 text-white/40 md:block"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <rect x="4" y="4" width="192" height="112" rx="6" />
      <path d="M100 4v112" />
      <circle cx="100" cy="60" r="18" />
      <rect x="4" y="34" width="26" height="52" />
      <rect x="170" y="34" width="26" height="52" />
      <circle cx="60" cy="48" r="7" fill="currentColor" className="text-white/70" />
    </svg>
  );
}

export default function OrganizerPage() {
  return (
    <Page title="主催者の方へ">
      <section
        aria-labelledby="organizer-hero"
        className="overflow-hidden rounded-xl bg-gradient-to-br from-brand-700 to-brand-800 px-5 py-8 text-white sm:px-8 sm:py-10"
      >
        <div className="flex items-center gap-8">
          <div className="min-w-0 flex-1">
            <h2 id="organizer-hero" className="text-2xl leading-snug font-bold sm:text-3xl">
              仲間集めも、参加者の管理も、
              <br className="hidden sm:inline" />
              ここでまとめて。
            </h2>
            <p className="mt-4 max-w-2xl leading-relaxed text-brand-50">
              フットサルの定期練習から、週末のバスケやテニスの交流会まで。スポーツコミュニティなら、イベントを公開して参加者を募り、リクエストの承認や連絡までをひとつの場所で行えます。
            </p>
            <div className="mt-6">
              <CtaButtons inverted />
            </div>
          </div>
          <CourtIllustration />
        </div>
      </section>

      <LandingSection
        title="主催者向けの機能"
        lead="イベント運営の「面倒」を減らし、プレーに集中できるようにする機能をそろえています。"
      >
        <FeatureGrid items={FEATURES} />
      </LandingSection>

      <LandingSection
        title="ご利用の流れ"
        lead="初めての方でも、3つのステップでイベントを公開できます。"
      >
        <StepList steps={STEPS} />
      </LandingSection>

      <LandingSection title="よくあるご質問">
        <FaqList items={FAQ} />
        <p className="mt-4 text-sm text-slate-600">
          そのほかのご質問は、
          <Link to="/contact" className={TEXT_LINK_CLASS}>
            お問い合わせ
          </Link>
          のページをご覧ください。
        </p>
      </LandingSection>

      <ClosingCta
        title="さっそくイベントを作ってみませんか？"
        lead="入力は数分で完了します。公開後も内容はいつでも編集できます。"
      >
        <CtaButtons />
      </ClosingCta>
    </Page>
  );
}
