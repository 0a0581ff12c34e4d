import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';

/*
 * Small building blocks shared by the static information and landing pages
 * (privacy policy, terms, contact, organizer and campaign pages).
 */

/** A link inside running text. */
export const TEXT_LINK_CLASS = 'text-brand-700 underline hover:text-brand-800';

export const SUPPORT_EMAIL = 'support@sports-community.example';

/** The support address as a mailto link. */
export function SupportEmailLink({ className = '' }: { className?: string }) {
  return (
    <a
      href={`mailto:${SUPPORT_EMAIL}`}
      className={`font-semibold break-all text-brand-700 underline hover:text-brand-800 ${className}`}
    >
      {SUPPORT_EMAIL}
    </a>
  );
}

/* ---------- Legal documents ---------- */

/** One section (or article) of a legal document, with its h2. */
export function DocSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-t border-slate-200 pt-6">
      <h2 className="text-lg font-bold text-slate-900">{title}</h2>
      <div className="mt-3 space-y-3 text-sm leading-relaxed text-slate-700 sm:text-base">
        {children}
      </div>
    </section>
  );
}

/** Numbered paragraphs of an article (1, 2, 3 …). */
export function Paragraphs({ children }: { children: ReactNode }) {
  return <ol className="list-decimal space-y-2 pl-6 marker:text-slate-500">{children}</ol>;
}

/** Enumerated items written as （1）（2）… in Japanese legal style. */
export function ClauseList({ items }: { items: readonly ReactNode[] }) {
  return (
    <ol className="mt-2 space-y-1.5">
      {items.map((item, i) => (
        <li key={i} className="flex gap-1">
          <span className="shrink-0 text-slate-500">（{i + 1}）</span>
          <span>{item}</span>
        </li>
      ))}
    </ol>
  );
}

/** The closing dates of a legal document. */
export function DocDates({ enacted }: { enacted: string }) {
  return (
    <p className="border-t border-slate-200 pt-6 text-right text-sm text-slate-600">
      {enacted}
      <span className="ml-1">制定</span>
    </p>
  );
}

/* ---------- FAQ ---------- */

export interface FaqEntry {
  question: string;
  answer: ReactNode;
}

/** A list of questions that open to show their answer. */
export function FaqList({ items }: { items: readonly FaqEntry[] }) {
  return (
    <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white">
      {items.map((item) => (
        <li key={item.question}>
          <details className="group">
            <summary className="flex cursor-pointer list-none items-start gap-3 px-4 py-4 font-semibold text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
              <span aria-hidden="true" className="text-brand-700">
                Q.
              </span>
              <span className="flex-1">{item.question}</span>
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                className="mt-1 h-4 w-4 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
              >
                <path d="M5 8l5 5 5-5" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </summary>
            <div className="flex gap-3 px-4 pb-4 text-sm leading-relaxed text-slate-700">
              <span aria-hidden="true" className="font-semibold text-slate-400">
                A.
              </span>
              <div className="flex-1 space-y-2">{item.answer}</div>
            </div>
          </details>
        </li>
      ))}
    </ul>
  );
}

/* ---------- Landing-page blocks ---------- */

export type InfoIconName = 'check' | 'users' | 'chat' | 'bell' | 'star' | 'calendar' | 'flag';

const ICON_PATHS: Record<InfoIconName, ReactNode> = {
  check: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 12.5l2.5 2.5L16 9.5" />
    </>
  ),
  users: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6" />
      <circle cx="17" cy="9" r="2.5" />
      <path d="M17 14c2.6 0 4.5 1.8 4.5 4.5" />
    </>
  ),
  chat: (
    <>
      <path d="M4 5h16v11H9l-5 4z" />
      <path d="M8 9.5h8M8 12.5h5" />
    </>
  ),
  bell: (
    <>
      <path d="M6 16V11a6 6 0 0112 0v5l1.5 2h-15z" />
      <path d="M10 20.5a2 2 0 004 0" />
    </>
  ),
  star: <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8L3.5 9.7l5.9-.9z" />,
  calendar: (
    <>
      <rect x="3.5" y="5" width="17" height="15" rx="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </>
  ),
  flag: (
    <>
      <path d="M5 21V4" />
      <path d="M5 4h12l-2 4 2 4H5" />
    </>
  ),
};

/** A decorative line icon in a tinted circle. */
export function InfoIcon({ name }: { name: InfoIconName }) {
  return (
    <span
      aria-hidden="true"
      className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700"
    >
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="h-6 w-6"
      >
        {ICON_PATHS[name]}
      </svg>
    </span>
  );
}

export interface FeatureItem {
  icon: InfoIconName;
  title: string;
  description: ReactNode;
}

/** A grid of feature cards; each card has an h3. */
export function FeatureGrid({ items }: { items: readonly FeatureItem[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {items.map((item) => (
        <li key={item.title} className="flex gap-4 rounded-lg border border-slate-200 bg-white p-5">
          <InfoIcon name={item.icon} />
          <div>
            <h3 className="font-bold text-slate-900">{item.title}</h3>
            <p className="mt-1 text-sm leading-relaxed text-slate-600">{item.description}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

export interface StepItem {
  title: string;
  description: ReactNode;
}

/** Numbered steps; each step has an h3. */
export function StepList({ steps }: { steps: readonly StepItem[] }) {
  return (
    <ol className="grid gap-4 md:grid-cols-3">
      {steps.map((step, i) => (
        <li key={step.title} className="relative rounded-lg border border-slate-200 bg-white p-5">
          <span
            aria-hidden="true"
            className="inline-flex h-8 w-8 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
          >
            {i + 1}
          </span>
          <h3 className="mt-3 font-bold text-slate-900">
            <span className="sr-only">ステップ{i + 1}：</span>
            {step.title}
          </h3>
          <p className="mt-1 text-sm leading-relaxed text-slate-600">{step.description}</p>
        </li>
      ))}
    </ol>
  );
}

/** A landing-page section with its h2 and an optional lead sentence. */
export function LandingSection({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="mt-12">
      <h2 className="text-xl font-bold text-slate-900 sm:text-2xl">{title}</h2>
      {lead ? (
        <p className="mt-2 text-sm leading-relaxed text-slate-600 sm:text-base">{lead}</p>
      ) : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}

const INVERTED_SECONDARY =
  'inline-flex min-h-10 items-center justify-center rounded-md border border-white/60 px-4 py-2 text-sm font-semibold text-white transition-colors hover:bg-white/10';

/**
 * A landing page's two calls to action: the main one and a quieter one beside it. `inverted`
 * draws them for the brand-coloured hero.
 */
export function CtaPair({
  primary,
  secondary,
  inverted = false,
  className = 'flex flex-wrap gap-3',
}: {
  primary: { to: string; label: string };
  secondary: { to: string; label: string };
  inverted?: boolean;
  className?: string;
}) {
  return (
    <div className={className}>
      <Link
        to={primary.to}
        className={
          inverted ? buttonClass('secondary', 'border-transparent') : buttonClass('primary')
        }
      >
        {primary.label}
      </Link>
      <Link to={secondary.to} className={inverted ? INVERTED_SECONDARY : buttonClass('secondary')}>
        {secondary.label}
      </Link>
    </div>
  );
}

/** The closing invitation at the foot of a landing page: a heading, a lead and the buttons. */
export function ClosingCta({
  title,
  lead,
  children,
}: {
  title: string;
  lead: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="mt-12 rounded-xl bg-brand-50 px-5 py-8 text-center sm:px-8"
    >
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      <p className="mt-2 text-sm text-slate-600">{lead}</p>
      <div className="mt-5 flex justify-center">{children}</div>
    </section>
  );
}
