import { Link } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { useSession } from '@/features/auth/public';
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

const BENEFITS: readonly FeatureItem[] = [
  {
    icon: 'star',
    title: 'トップページで紹介',
    description:
      'キャンペーン期間中に登録されたチームの中から選ばれたチームを、トップページの「注目のチーム」で紹介します。',
  },
  {
    icon: 'users',
    title: '新しいメンバーと出会える',
    description:
      '多くの方の目に留まることで、チームページを訪れる人が増え、一緒にプレーする仲間が見つかりやすくなります。',
  },
  {
    icon: 'calendar',
    title: 'チームのイベントも知ってもらえる',
    description: '練習会や交流戦を告知すれば、チームに興味を持った方が参加するきっかけになります。',
  },
  {
    icon: 'flag',
    title: '登録は無料',
    description:
      'チームの登録やキャンペーンへの応募に費用はかかりません。チームを登録するだけで自動的に対象になります。',
  },
];

const STEPS: readonly StepItem[] = [
  {
    title: 'ログインする',
    description: (
      <>
        まだアカウントをお持ちでない方は、
        <Link to="/register" className={TEXT_LINK_CLASS}>
          会員登録
        </Link>
        （無料）を済ませてください。
      </>
    ),
  },
  {
    title: 'チームを登録する',
    description:
      'チーム名、競技、活動地域、紹介文を入力して登録します。活動の様子がわかる写真があると、より魅力が伝わります。',
  },
  {
    title: '掲載のお知らせを待つ',
    description:
      '運営事務局で選考し、掲載が決まったチームの代表者の方には、掲載前に通知でお知らせします。',
  },
];

const CONDITIONS: readonly string[] = [
  'キャンペーン期間中に、本サービスで新しく登録されたチームであること',
  'チーム名、競技、活動地域、紹介文がすべて入力されていること',
  '紹介文で、活動内容や頻度、チームの雰囲気などが具体的に伝わること',
  '実際に活動しているチームであり、利用規約に違反する内容を含まないこと',
];

const NOTES: readonly string[] = [
  '掲載するチームは、登録内容をもとに運営事務局が選考します。掲載枠に限りがあるため、登録されたすべてのチームの掲載をお約束するものではありません。',
  '選考の経過や結果に関するお問い合わせにはお答えできません。あらかじめご了承ください。',
  '掲載にあたっては、登録されたチーム名、紹介文、画像を使用します。掲載内容は、利用規約の「投稿コンテンツ」の定めに従って取り扱います。',
  '掲載期間中に登録内容が利用規約に違反していることがわかった場合は、掲載を取りやめることがあります。',
  'キャンペーンの内容は、やむを得ない事情により予告なく変更または終了する場合があります。',
];

const FAQ: readonly FaqEntry[] = [
  {
    question: 'すでに登録済みのチームも対象になりますか？',
    answer: (
      <p>
        今回のキャンペーンは、期間中に新しく登録されたチームが対象です。すでに登録済みのチームは対象外となりますので、ご了承ください。
      </p>
    ),
  },
  {
    question: '登録したあとで内容を変更できますか？',
    answer: (
      <p>
        はい。チームページの編集画面から、紹介文や画像などをいつでも変更できます。選考は、選考時点の登録内容をもとに行います。
      </p>
    ),
  },
  {
    question: '掲載を辞退することはできますか？',
    answer: (
      <p>
        はい。掲載のお知らせが届いたあとでも、お問い合わせのページに記載のメールアドレスまでご連絡いただければ、掲載を取りやめます。
      </p>
    ),
  },
];

function Period() {
  return (
    <p className="mt-5 inline-flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-white/15 px-4 py-2.5 text-sm sm:text-base">
      <span className="font-semibold">キャンペーン期間</span>
      <span>
        <time dateTime="2026-12-01">2026年12月1日（火）</time>〜
        <time dateTime="2027-01-31">2027年1月31日（日）</time>
      </span>
    </p>
  );
}

/** Registering starts team creation; a visitor signs in first and comes back to it. */
const CREATE_PATH = '/teams/create';

function CtaButtons({ inverted = false }: { inverted?: boolean }) {
  const signedOut = useSession().state.status === 'signedOut';
  return (
    <CtaPair
      inverted={inverted}
      className="flex flex-wrap justify-center gap-3 sm:justify-start"
      primary={{
        to: signedOut ? `/login?returnUrl=${encodeURIComponent(CREATE_PATH)}` : CREATE_PATH,
        label: signedOut ? 'ログインしてチームを登録する' : 'チームを登録する',
      }}
      secondary={{ to: '/teams', label: 'チーム一覧' }}
    />
  );
}

export default function CampaignTeamRegistrationPage() {
  return (
    <Page title="チーム登録キャンペーン">
      <section
        aria-labelledby="campaign-hero"
        className="relative overflow-hidden rounded-xl bg-gradient-to-br from-brand-700 to-brand-800 px-5 py-8 text-white sm:px-8 sm:py-10"
      >
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-16 -right-16 h-48 w-48 rounded-full border-[20px] border-white/10"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -right-6 -bottom-20 h-40 w-40 rounded-full bg-white/5"
        />
        <div className="relative">
          <p className="inline-block rounded-full bg-white px-3 py-1 text-xs font-bold text-brand-800">
            期間限定
          </p>
          <h2 id="campaign-hero" className="mt-3 text-2xl leading-snug font-bold sm:text-3xl">
            あなたのチームを、
            <br className="sm:hidden" />
            トップページで紹介します。
          </h2>
          <p className="mt-4 max-w-2xl leading-relaxed text-brand-50">
            キャンペーン期間中にチームを登録すると、スポーツコミュニティのトップページでチームを紹介するチャンスがあります。メンバー募集中のチームも、対戦相手を探しているチームも、この機会にぜひご登録ください。
          </p>
          <Period />
          <div className="mt-6">
            <CtaButtons inverted />
          </div>
        </div>
      </section>

      <LandingSection title="キャンペーンの特典">
        <FeatureGrid items={BENEFITS} />
      </LandingSection>

      <LandingSection
        title="参加方法"
        lead="応募の手続きは必要ありません。期間中にチームを登録すれば、自動的にキャンペーンの対象となります。"
      >
        <StepList steps={STEPS} />
      </LandingSection>

      <LandingSection title="対象となる条件">
        <ul className="space-y-3 rounded-lg border border-slate-200 bg-white p-5">
          {CONDITIONS.map((condition) => (
            <li
              key={condition}
              className="flex gap-3 text-sm leading-relaxed text-slate-700 sm:text-base"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
                strokeLinejoin="round"
                className="mt-0.5 h-5 w-5 shrink-0 text-brand-700"
              >
                <path d="M4.5 10.5l3.5 3.5 7.5-8" />
              </svg>
              <span>{condition}</span>
            </li>
          ))}
        </ul>
      </LandingSection>

      <LandingSection title="掲載について">
        <p className="text-sm leading-relaxed text-slate-700 sm:text-base">
          選ばれたチームは、<time dateTime="2027-02-01">2027年2月1日（月）</time>から
          <time dateTime="2027-03-31">3月31日（水）</time>
          までの間、トップページの「注目のチーム」で順次ご紹介します。
        </p>
        <h3 className="mt-6 font-bold text-slate-900">注意事項</h3>
        <ul className="mt-2 list-disc space-y-1.5 pl-6 text-sm leading-relaxed text-slate-600 marker:text-slate-400">
          {NOTES.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-slate-600">
          詳しくは
          <Link to="/terms" className={TEXT_LINK_CLASS}>
            利用規約
          </Link>
          をご確認ください。キャンペーンに関するご質問は、
          <Link to="/contact" className={TEXT_LINK_CLASS}>
            お問い合わせ
          </Link>
          のページからご連絡ください。
        </p>
      </LandingSection>

      <LandingSection title="よくあるご質問">
        <FaqList items={FAQ} />
      </LandingSection>

      <ClosingCta
        title="チームの魅力を、もっと多くの人に。"
        lead={
          <>
            登録の締め切りは <time dateTime="2027-01-31">2027年1月31日（日）</time>です。
          </>
        }
      >
        <CtaButtons />
      </ClosingCta>
    </Page>
  );
}
