import { useState, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import type * as z from 'zod/mini';
import { ERR, errorMessage, isDomainError, type ErrorKey } from '@/domain/errors';
import { preventImeEnterSubmit } from '@/lib/ime';
import { toast } from '@/lib/toast-store';
import { Button, buttonClass } from '@/components/ui/button';
import { ImageEditSection, useImageEdit } from './image-edit';
import { ErrorState, Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { ActionError } from './standing-notice';

interface StoredImage {
  imageURL: string;
  imagePath: string;
}

/**
 * What an edit screen (an event's, a team's) shows before its form: loading, the error with a
 * retry, not found, and why someone who may not edit cannot, with the way back. `noun` names the
 * thing (イベント, チーム) in the title and the messages.
 */
export function EditGate<T>({
  query,
  noun,
  notFound,
  mayEdit,
  denied,
  backTo,
  children,
}: {
  query: UseQueryResult<T | null>;
  noun: string;
  notFound: ReactNode;
  mayEdit: (doc: T) => boolean;
  /** The catalogue message for someone who may not edit. */
  denied: string;
  backTo: (doc: T) => string;
  children: (doc: T) => ReactNode;
}) {
  const title = `${noun}の編集`;
  if (query.isPending) return <Spinner label={`${noun}を読み込み中…`} />;
  if (query.isError) {
    return (
      <Page title={title}>
        <ErrorState
          message={errorMessage(query.error, `${noun}を読み込めませんでした`)}
          onRetry={() => void query.refetch()}
        />
      </Page>
    );
  }
  const doc = query.data;
  if (!doc) return <>{notFound}</>;
  if (!mayEdit(doc)) {
    return (
      <Page title={title} narrow>
        <p
          role="alert"
          className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900"
        >
          {denied}
        </p>
        <Link to={backTo(doc)} className={buttonClass('secondary', 'mt-6')}>
          {noun}ページへ戻る
        </Link>
      </Page>
    );
  }
  return <Page title={title}>{children(doc)}</Page>;
}

/**
 * The form of an edit screen: the fields, the picture (kept, replaced or removed; uploaded only
 * when saving), the failure, and cancel / save. Saving uploads the picture, stores the document,
 * drops the replaced picture, says so and goes back to `backTo`. A refusal because the limit is
 * below the current count (`limit`) is also shown on that field. What was typed stays on failure.
 */
export function EditForm<S extends z.ZodMiniType<FieldValues, FieldValues>>({
  schema,
  defaults,
  image: current,
  imageFolder,
  imageLabel,
  backTo,
  update,
  savedTitle,
  failedMessage,
  limit,
  fields,
}: {
  schema: S;
  defaults: z.input<S>;
  image: StoredImage;
  imageFolder: string;
  imageLabel: string;
  backTo: string;
  update: (values: z.output<S> & StoredImage) => Promise<unknown>;
  savedTitle: string;
  failedMessage: string;
  limit: { error: ErrorKey; field: Path<z.input<S>> };
  fields: (form: UseFormReturn<z.input<S>, unknown, z.output<S>>, disabled: boolean) => ReactNode;
}) {
  const navigate = useNavigate();
  const image = useImageEdit(current, imageFolder);
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    defaultValues: defaults as DefaultValues<z.input<S>>,
    mode: 'onTouched',
  });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const save = async (values: z.output<S>) => {
    setSaving(true);
    setError(null);
    try {
      const stored = await image.resolve();
      await update({ ...values, ...stored });
      // The previous file is dropped only once nothing points at it any more.
      await image.dropReplaced(stored);
      toast({ title: savedTitle, variant: 'success' });
      navigate(backTo);
    } catch (e) {
      if (isDomainError(e, limit.error)) form.setError(limit.field, { message: ERR[limit.error] });
      setError(e);
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(save)}
      onKeyDown={preventImeEnterSubmit}
      className="max-w-2xl space-y-8"
    >
      <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        {fields(form, saving)}
      </section>
      <ImageEditSection label={imageLabel} edit={image} disabled={saving} />
      <ActionError error={error} fallback={failedMessage} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Link to={backTo} className={buttonClass('secondary')}>
          キャンセル
        </Link>
        <Button type="submit" busy={saving} busyLabel="保存しています…" disabled={image.preparing}>
          変更を保存する
        </Button>
      </div>
    </form>
  );
}
