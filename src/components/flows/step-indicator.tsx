/** Where a creation flow stands: 1 入力, 2 確認, 3 完了. */
export function StepIndicator({ step }: { step: 1 | 2 }) {
  const item = (n: 1 | 2 | 3, label: string) => (
    <li
      className={`flex items-center gap-2 ${n === step ? 'font-bold text-brand-800' : 'text-slate-600'}`}
      aria-current={n === step ? 'step' : undefined}
    >
      <span
        className={`flex h-6 w-6 items-center justify-center rounded-full text-xs ${n === step ? 'bg-brand-700 text-white' : 'bg-slate-200 text-slate-600'}`}
      >
        {n}
      </span>
      {label}
    </li>
  );
  return (
    <ol className="mb-6 flex flex-wrap gap-x-6 gap-y-2 text-sm" aria-label="作成の手順">
      {item(1, '入力')}
      {item(2, '確認')}
      {item(3, '完了')}
    </ol>
  );
}
