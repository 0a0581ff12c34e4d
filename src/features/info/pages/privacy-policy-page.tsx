import { Link } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import {
  ClauseList,
  DocDates,
  DocSection,
  SupportEmailLink,
  TEXT_LINK_CLASS,
} from '../info-blocks';

function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="text-brand-700 underline hover:text-brand-800"
    >
      {children}
      <span className="sr-only">（新しいタブで開きます）</span>
    </a>
  );
}

export default function PrivacyPolicyPage() {
  return (
    <Page title="プライバシーポリシー">
      <div className="max-w-3xl space-y-6">
        <p className="text-sm leading-relaxed text-slate-700 sm:text-base">
          スポーツコミュニティ運営事務局（以下「当運営」といいます）は、スポーツイベントの募集・参加サービス「スポーツコミュニティ」（以下「本サービス」といいます）における利用者の皆さまの個人情報を、個人情報の保護に関する法律その他の関係法令を遵守して適切に取り扱います。本サービスでの個人情報の取扱いについて、以下のとおりプライバシーポリシー（以下「本ポリシー」といいます）を定めます。
        </p>

        <DocSection title="1. 取得する情報">
          <p>当運営は、本サービスの提供にあたり、次の情報を取得します。</p>
          <ClauseList
            items={[
              <>
                <strong className="font-semibold text-slate-900">アカウント情報：</strong>
                メールアドレス、メールアドレスの確認状況、利用規約に同意した日時、ログイン日時。なお、パスワードは認証サービス上で暗号化して管理されており、当運営がその内容を知ることはありません。
              </>,
              <>
                <strong className="font-semibold text-slate-900">プロフィール情報：</strong>
                表示名、プロフィール写真、自己紹介、活動地域、性別、生年月日など、利用者が登録した情報
              </>,
              <>
                <strong className="font-semibold text-slate-900">
                  イベント・参加に関する情報：
                </strong>
                主催したイベントの内容（競技、開催場所、日時、参加費、定員、画像など）、参加リクエストの送信・承認・取り消しの状況、参加履歴
              </>,
              <>
                <strong className="font-semibold text-slate-900">チームに関する情報：</strong>
                作成したチームの名称、紹介文、画像など
              </>,
              <>
                <strong className="font-semibold text-slate-900">メッセージ：</strong>
                利用者間で送受信したメッセージの内容と送受信日時
              </>,
              <>
                <strong className="font-semibold text-slate-900">アクセスログ等：</strong>
                IPアドレス、ブラウザーの種類、端末の情報、アクセス日時、閲覧したページ、エラーの情報など、本サービスの利用に伴って自動的に送信される情報
              </>,
            ]}
          />
        </DocSection>

        <DocSection title="2. 利用目的">
          <p>当運営は、取得した情報を次の目的で利用します。</p>
          <ClauseList
            items={[
              '利用登録、本人確認およびログイン認証のため',
              'イベントの掲載、参加リクエストの受付・承認、参加者の管理、チームの掲載など、本サービスの機能を提供するため',
              '利用者間のメッセージの送受信や、参加リクエストの承認・非承認などのお知らせ（アプリ内通知および電子メール）を配信するため',
              'お問い合わせへの対応や、利用規約の変更、メンテナンスなど重要なお知らせをご連絡するため',
              '利用規約に違反する行為や不正利用を防止・調査し、安心して利用できる環境を保つため',
              '利用状況を分析し、本サービスの改善や新しい機能の開発に役立てるため（個人を特定できない統計情報として利用します）',
              '上記の利用目的に付随する目的のため',
            ]}
          />
        </DocSection>

        <DocSection title="3. 他の利用者に表示される情報">
          <p>
            本サービスは利用者どうしがつながるためのサービスであるため、表示名、プロフィール写真、自己紹介など公開プロフィールの内容、主催したイベントやチームの情報、イベントの参加者として表示される表示名などは、ログインしていない閲覧者を含む他の利用者にも表示されます。プロフィールには、公開してもよい範囲の情報をご入力ください。
          </p>
          <p>
            メールアドレスが他の利用者に表示されることはありません。メッセージの内容は、送信者と受信者のみが閲覧できます。ただし、不正利用の調査など本ポリシーに定める目的の範囲で、当運営が確認する場合があります。
          </p>
        </DocSection>

        <DocSection title="4. 第三者への提供">
          <p>
            当運営は、次の場合を除き、あらかじめご本人の同意を得ることなく個人情報を第三者に提供しません。
          </p>
          <ClauseList
            items={[
              '法令に基づく場合',
              '人の生命、身体または財産の保護のために必要がある場合であって、ご本人の同意を得ることが困難であるとき',
              '公衆衛生の向上または児童の健全な育成の推進のために特に必要がある場合であって、ご本人の同意を得ることが困難であるとき',
              '国の機関もしくは地方公共団体またはその委託を受けた者が法令の定める事務を遂行することに協力する必要がある場合であって、ご本人の同意を得ることにより当該事務の遂行に支障を及ぼすおそれがあるとき',
            ]}
          />
          <p>
            なお、利用目的の達成に必要な範囲で個人情報の取扱いを外部に委託する場合や、事業の承継に伴って個人情報が提供される場合は、上記の第三者への提供には該当しません。委託にあたっては、委託先を適切に監督します。
          </p>
        </DocSection>

        <DocSection title="5. 外部サービスの利用">
          <p>
            本サービスは、Google LLC が提供する「Google Firebase」の次のサービスを利用しています。
          </p>
          <ul className="list-disc space-y-1.5 pl-6 marker:text-slate-400">
            <li>
              Firebase
              Authentication：アカウントの登録、ログイン認証、確認メール・パスワード再設定メールの送信
            </li>
            <li>
              Cloud
              Firestore：プロフィール、イベント、参加リクエスト、メッセージ、通知などのデータの保存
            </li>
            <li>
              Cloud Storage for
              Firebase：プロフィール写真、イベントやチームの画像などのファイルの保存
            </li>
          </ul>
          <p>
            これらのサービスでは、利用者の情報が日本国外（米国など）のサーバーで保存・処理される場合があります。当運営は、個人情報の保護に関する法律に従い、外国にある事業者による取扱いについて必要な措置を講じます。Google
            による情報の取扱いについては、
            <ExternalLink href="https://firebase.google.com/support/privacy">
              Firebase のプライバシーとセキュリティ
            </ExternalLink>
            および
            <ExternalLink href="https://policies.google.com/privacy">
              Google プライバシーポリシー
            </ExternalLink>
            をご確認ください。
          </p>
        </DocSection>

        <DocSection title="6. Cookie およびローカルストレージ">
          <p>
            本サービスは、ログイン状態の維持や表示に関する設定の保存のため、Cookie
            およびブラウザーのローカルストレージ（IndexedDB などを含みます）を利用します。Firebase
            Authentication は、ログイン状態を保持するためにこれらの仕組みに認証情報を保存します。
          </p>
          <p>
            ブラウザーの設定により Cookie
            やローカルストレージを無効にしたり削除したりすることができますが、その場合はログインできない、または一部の機能が正しく動作しないことがあります。なお、本サービスは現在、広告配信を目的とした
            Cookie を利用していません。
          </p>
        </DocSection>

        <DocSection title="7. 安全管理措置">
          <p>
            当運営は、個人情報の漏えい、滅失または毀損を防止するため、通信の暗号化（HTTPS）、データベースおよびファイルへのアクセス権限の制御、管理権限を持つ担当者の限定など、必要かつ適切な安全管理措置を講じます。万一、漏えい等の事態が発生した場合は、法令に従い、個人情報保護委員会への報告およびご本人への通知を行います。
          </p>
        </DocSection>

        <DocSection title="8. 保存期間と退会後の取扱い">
          <p>
            当運営は、利用目的の達成に必要な期間、個人情報を保存します。退会された場合は、法令により保存が必要な場合や不正利用の調査に必要な場合を除き、合理的な期間内に削除します。ただし、相手に送信済みのメッセージなど、他の利用者の画面に表示される情報が残る場合があります。
          </p>
        </DocSection>

        <DocSection title="9. 開示・訂正・利用停止などのご請求">
          <p>
            プロフィール情報は、
            <Link to="/profile/settings" className={TEXT_LINK_CLASS}>
              プロフィール設定
            </Link>
            からいつでも確認・変更できます。
          </p>
          <p>
            保有個人データの利用目的の通知、開示、内容の訂正・追加・削除、利用の停止・消去、第三者への提供の停止、第三者提供記録の開示をご希望の場合は、下記のお問い合わせ窓口までご連絡ください。ご本人であることを確認したうえで、法令に従い遅滞なく対応します。手数料は原則としていただきません。
          </p>
        </DocSection>

        <DocSection title="10. 未成年の方のご利用">
          <p>未成年の方は、保護者の方の同意を得たうえで本サービスをご利用ください。</p>
        </DocSection>

        <DocSection title="11. 本ポリシーの変更">
          <p>
            当運営は、法令の改正や本サービスの内容の変更に応じて、本ポリシーを改定することがあります。重要な変更を行う場合は、本サービス上でわかりやすくお知らせします。変更後の本ポリシーは、本ページに掲載した時点から効力を生じます。
          </p>
        </DocSection>

        <DocSection title="12. お問い合わせ窓口">
          <p>
            本ポリシーおよび個人情報の取扱いに関するお問い合わせは、次の窓口までご連絡ください。
          </p>
          <address className="rounded-lg bg-brand-50 p-4 not-italic">
            <p className="font-semibold text-slate-900">スポーツコミュニティ運営事務局</p>
            <p className="mt-1">
              メール：
              <SupportEmailLink />
            </p>
          </address>
          <p>
            お問い合わせの方法について詳しくは、
            <Link to="/contact" className={TEXT_LINK_CLASS}>
              お問い合わせ
            </Link>
            のページをご覧ください。
          </p>
        </DocSection>

        <DocDates enacted="2026年11月1日" />
      </div>
    </Page>
  );
}
