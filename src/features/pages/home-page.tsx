import { Suspense } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { useDocumentTitle } from '@/components/ui/page';
import { useCurrentUser } from '@/features/auth/public';
import { UpcomingEvents } from '@/features/events/public';
import { MyHome } from '@/features/profile/public';

export default function HomePage() {
  useDocumentTitle('');
  const user = useCurrentUser();
  return (
    <div>
      {user ? (
        <Suspense fallback={null}>
          <MyHome uid={user.uid} />
        </Suspense>
      ) : null}
      <section className="bg-gradient-to-br from-brand-700 to-brand-800 text-white">
        <div className="mx-auto max-w-5xl px-4 py-12 sm:py-16">
          <h1 className="text-3xl leading-tight font-bold sm:text-4xl">
            一緒に汗を流す仲間が、
            <br className="sm:hidden" />
            ここで見つかる。
          </h1>
          <p className="mt-4 max-w-2xl text-brand-50 sm:text-lg">
            フットサル、バスケ、テニス、ランニング。地域のスポーツイベントを探して、気軽に参加リクエストを送りましょう。主催者は参加者の承認や定員の管理をかんたんに行えます。
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/events" className={buttonClass('secondary', 'border-transparent')}>
              イベントを探す
            </Link>
            <Link
              to="/create-event"
              className="inline-flex min-h-10 items-center rounded-md border border-white/60 px-4 py-2 text-sm font-semibold text-white hover:bg-white/10"
            >
              イベントを主催する
            </Link>
          </div>
        </div>
      </section>
      <UpcomingEvents />
    </div>
  );
}
