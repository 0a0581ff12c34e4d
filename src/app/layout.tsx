import { lazy, Suspense } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { useSession, useWriteRefusal } from '@/features/auth/session';
import { useBackend } from '@/lib/backend-context';
import brandMark from './brand-mark.svg?raw';
import { ErrorBoundary } from './error-boundary';
import { ScrollToTop } from './scroll-to-top';

function navClass({ isActive }: { isActive: boolean }) {
  return `shrink-0 rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap sm:px-3 ${isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100'}`;
}

function DemoBanner() {
  return (
    <div className="bg-amber-100 px-4 py-1.5 text-center text-xs text-amber-900">
      ローカルのデモ環境で動作しています（データはこのブラウザ内にのみ保存されます）。
      <Link to="/dev/outbox" className="ml-2 font-semibold underline">
        送信メールを見る
      </Link>
    </div>
  );
}

/**
 * The signed-in part of the header (notifications bell, messages, user menu) loads once someone
 * is signed in: a signed-out visitor's first page does without it and the schemas it brings.
 */
const SignedInActions = lazy(() => import('./signed-in-actions'));

function SessionPlaceholder() {
  return <span className="h-8 w-20 animate-pulse rounded-md bg-slate-100" aria-hidden="true" />;
}

/** Every screen tells a suspended account why its actions are refused (docs/security.md). */
function SuspendedBanner() {
  if (useWriteRefusal('active') !== 'accountSuspended') return null;
  return (
    <div role="status" className="bg-slate-800 px-4 py-2 text-center text-sm text-white">
      このアカウントは利用停止中です。閲覧はできますが、投稿・参加・編集などの操作はできません。
      <Link to="/contact" className="ml-2 inline-block font-semibold whitespace-nowrap underline">
        お問い合わせ
      </Link>
    </div>
  );
}

function Header() {
  const { state } = useSession();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-5xl items-center gap-2 px-4">
        <Link to="/" className="mr-2 flex shrink-0 items-center gap-2 font-bold text-brand-800">
          {/* The mark in the page's own markup: as an <img> an SVG is a document of its own, which
              the browser builds on the main thread (10–30 ms here). The tab's icon is a PNG of it
              (public/icon-48.png, npm run draw:images). */}
          <span
            aria-hidden="true"
            className="size-7 [&>svg]:size-full"
            dangerouslySetInnerHTML={{ __html: brandMark }}
          />
          {/* On phones the name is not shown but still names the link. */}
          <span className="sr-only sm:not-sr-only">スポーツコミュニティ</span>
        </Link>
        <nav aria-label="メインメニュー" className="flex min-w-0 items-center gap-1">
          <NavLink to="/events" className={navClass}>
            イベント
          </NavLink>
          <NavLink to="/teams" className={navClass}>
            チーム
          </NavLink>
        </nav>
        <div className="ml-auto flex items-center gap-1">
          {state.status === 'loading' ? (
            <SessionPlaceholder />
          ) : state.status === 'signedIn' ? (
            <Suspense fallback={<SessionPlaceholder />}>
              <SignedInActions user={state.user} />
            </Suspense>
          ) : (
            <>
              <Link
                to="/login"
                className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
              >
                ログイン
              </Link>
              <Link
                to="/register"
                className="rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800"
              >
                新規登録
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

function Footer() {
  return (
    <footer className="mt-auto border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-5 gap-y-2 px-4 py-6 text-sm text-slate-600">
        <Link to="/terms" className="hover:underline">
          利用規約
        </Link>
        <Link to="/privacy-policy" className="hover:underline">
          プライバシーポリシー
        </Link>
        <Link to="/contact" className="hover:underline">
          お問い合わせ
        </Link>
        <Link to="/organizer" className="hover:underline">
          主催者の方へ
        </Link>
        <span className="ml-auto text-xs text-slate-600">© 2026 スポーツコミュニティ</span>
      </div>
    </footer>
  );
}

export function Layout() {
  const backend = useBackend();
  const location = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <ScrollToTop />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        本文へスキップ
      </a>
      {backend.kind === 'local' ? <DemoBanner /> : null}
      <Header />
      <SuspendedBanner />
      <main id="main" className="flex-1">
        <ErrorBoundary resetKey={location.pathname}>
          <Outlet />
        </ErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
