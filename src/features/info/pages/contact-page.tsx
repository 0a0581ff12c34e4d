import { Link } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { FaqList, SupportEmailLink, TEXT_LINK_CLASS, type FaqEntry } from '../info-blocks';

const FAQ: readonly FaqEntry[] = [
  {
    question: 'パスワードを忘れてしまいました。',
    answer: (
      <p>
        <Link to="/reset-password" className={TEXT_LINK_CLASS}>
          パスワードの再設定
        </Link>
        のページで登録済みのメールアドレスを入力してください。再設定用のリンクを記載したメールをお送りします。
      </p>
    ),
  },
  {
    question: '登録後の確認メールが届きません。',
    answer: (
      <>
        <p>
          迷惑メールフォルダーに振り分けられていないか、また、入力したメールアドレスに誤りがないかをご確認ください。
        </p>
        <p>
          それでも見つからない場合は、
          <Link to="/verify-email" className={TEXT_LINK_CLASS}>
            メールアドレスの確認
          </Link>
          のページから確認メールを再送できます。
        </p>
      </>
    ),
  },
  {
    question: 'イベントに参加するにはどうすればよいですか？',
    answer: (
      <p>
        ログインしたうえで、
        <Link to="/events" className={TEXT_LINK_CLASS}>
          イベント一覧
        </Link>
        から参加したいイベントを開き、参加リクエストを送信してください。主催者が承認すると通知でお知らせします。
      </p>
    ),
  },
  {
    question: '参加費はどのように支払えばよいですか？',
    answer: (
      <p>
        本サービスでは決済を取り扱っていません。参加費は、イベント情報に記載された方法に従って主催者へ直接お支払いください。ご不明な点は、メッセージ機能で主催者にお問い合わせください。
      </p>
    ),
  },
  {
    question: '他の利用者から迷惑な行為を受けました。',
    answer: (
      <p>
        お手数ですが、相手の表示名、該当するイベントやメッセージの内容、発生日時を添えて、下記のメールアドレスまでご連絡ください。内容を確認し、利用規約に基づいて対応します。身の危険を感じる場合は、ためらわずに警察へご相談ください。
      </p>
    ),
  },
  {
    question: '退会したい場合はどうすればよいですか？',
    answer: (
      <p>
        登録済みのメールアドレスから、下記のメールアドレス宛てに「退会希望」とお送りください。ご本人であることを確認したうえで手続きを行います。
      </p>
    ),
  },
];

export default function ContactPage() {
  return (
    <Page title="お問い合わせ">
      <div className="max-w-3xl">
        <p className="text-sm leading-relaxed text-slate-700 sm:text-base">
          スポーツコミュニティをご利用いただき、ありがとうございます。お問い合わせの前に、よくあるご質問で解決できないかご確認ください。
        </p>

        <section className="mt-8" aria-labelledby="contact-faq">
          <h2 id="contact-faq" className="text-lg font-bold text-slate-900">
            よくあるご質問
          </h2>
          <div className="mt-4">
            <FaqList items={FAQ} />
          </div>
        </section>

        <section className="mt-10" aria-labelledby="contact-mail">
          <h2 id="contact-mail" className="text-lg font-bold text-slate-900">
            メールでのお問い合わせ
          </h2>
          <div className="mt-4 rounded-lg border border-slate-200 bg-white p-5 sm:p-6">
            <p className="text-sm text-slate-700">
              解決しない場合は、次のアドレスまでメールでお問い合わせください。
            </p>
            <p className="mt-3 text-lg">
              <SupportEmailLink />
            </p>

            <h3 className="mt-6 font-bold text-slate-900">ご返信について</h3>
            <p className="mt-2 text-sm leading-relaxed text-slate-700">
              メールは24時間受け付けています。内容を確認のうえ、通常3営業日以内にご返信します（土日祝日および年末年始を除きます）。お問い合わせが集中した場合は、お時間をいただくことがあります。
            </p>

            <h3 className="mt-6 font-bold text-slate-900">記載していただきたい内容</h3>
            <ul className="mt-2 list-disc space-y-1 pl-6 text-sm text-slate-700 marker:text-slate-400">
              <li>ご登録のメールアドレスと表示名</li>
              <li>お問い合わせの内容（できるだけ具体的にお書きください）</li>
              <li>関係するイベントやチームのページのURL（ある場合）</li>
              <li>ご利用の端末とブラウザー（不具合のご報告の場合）</li>
            </ul>
          </div>

          <div
            role="note"
            className="mt-4 flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm leading-relaxed text-amber-900"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
              className="mt-0.5 h-5 w-5 shrink-0"
            >
              <path d="M12 3l9.5 17h-19z" />
              <path d="M12 10v4M12 17.5v.01" />
            </svg>
            <p>
              <strong className="font-semibold">
                パスワードは絶対にメールに記載しないでください。
              </strong>
              当運営からパスワードをお尋ねすることはありません。パスワードを尋ねるメールやメッセージを受け取った場合は、返信せずにご連絡ください。
            </p>
          </div>
        </section>

        <p className="mt-8 text-sm text-slate-600">
          個人情報の取扱いについては
          <Link to="/privacy-policy" className={TEXT_LINK_CLASS}>
            プライバシーポリシー
          </Link>
          を、サービスのご利用条件については
          <Link to="/terms" className={TEXT_LINK_CLASS}>
            利用規約
          </Link>
          をご覧ください。
        </p>
      </div>
    </Page>
  );
}
