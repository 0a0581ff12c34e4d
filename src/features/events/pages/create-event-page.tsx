import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { ImagePicker } from '@/components/ui/image-picker';
import { Page } from '@/components/ui/page';
import { ProgressBar } from '@/components/ui/progress-bar';
import { useObjectURL } from '@/components/ui/use-object-url';
import { errorMessage } from '@/domain/errors';
import { eventFormSchema, type EventFormInput, type EventFormValues } from '@/domain/event-form';
import { useCurrentUser, useWriteRefusal } from '@/features/auth/session';
import { ActionError, StandingNotice } from '@/components/ui/standing-notice';
import { prepareImage } from '@/lib/image-upload';
import { EventConfirmView } from '../components/event-confirm-view';
import { EMPTY_EVENT_FORM, EventFormFields, type EventForm } from '../components/event-form-fields';
import {
  clearDraft,
  getDraftImage,
  loadDraft,
  saveDraft,
  setDraftImage,
} from '../create-event-draft';
import { useCreateEvent } from '../event-mutations';
import { preventImeEnterSubmit } from '@/lib/ime';
import { useImageUpload } from '@/lib/use-image-upload';
import { eventImageFolder } from '../image-folder';

const IMAGE_HINT = '1MBを超える画像は、送信前に自動で縮小・圧縮されます（最大800×600）。';

function StepIndicator({ step }: { step: 1 | 2 }) {
  const item = (n: 1 | 2 | 3, label: string) => (
    <li
      className={`flex items-center gap-2 ${n === step ? 'font-bold text-brand-800' : 'text-slate-500'}`}
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

/**
 * /create-event and /create-event/confirm are one screen: the form lives here, above both steps,
 * so moving between them (with the buttons or the browser's back and forward) keeps every
 * input, the picked image included.
 */
function CreateEventScreen({ uid }: { uid: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const isConfirm = /\/confirm\/?$/.test(location.pathname);
  const [initial] = useState(() => loadDraft(uid));
  const form: EventForm = useForm<EventFormInput, unknown, EventFormValues>({
    resolver: zodResolver(eventFormSchema),
    defaultValues: { ...EMPTY_EVENT_FORM, ...initial.values },
    mode: 'onTouched',
  });
  const [reviewed, setReviewed] = useState(initial.reviewed === true);
  const [image, setImage] = useState<File | null>(() => getDraftImage(uid));
  const previewURL = useObjectURL(image);
  const [preparing, setPreparing] = useState(false);
  const [imageError, setImageError] = useState<string | null>(null);

  useEffect(() => {
    return form.subscribe({
      formState: { values: true },
      callback: ({ values }) => saveDraft(uid, { values, reviewed }),
    });
  }, [form, uid, reviewed]);

  const pickImage = async (file: File) => {
    setImageError(null);
    setPreparing(true);
    try {
      const prepared = await prepareImage(file);
      setImage(prepared);
      setDraftImage(uid, prepared);
    } catch (e) {
      setImageError(errorMessage(e, '画像を読み込めませんでした。別の画像を選択してください'));
    } finally {
      setPreparing(false);
    }
  };

  const toConfirm = () => {
    setReviewed(true);
    saveDraft(uid, { values: form.getValues(), reviewed: true });
    navigate('/create-event/confirm', { state: { fromInput: true } });
  };

  if (isConfirm) {
    const parsed = eventFormSchema.safeParse(form.getValues());
    if (!reviewed || !parsed.success) return <Navigate to="/create-event" replace />;
    return (
      <ConfirmStep
        uid={uid}
        values={parsed.data}
        image={image}
        previewURL={previewURL}
        onBack={() => {
          // Back through history when we came from the input step, so the browser's own back
          // and this button leave the same history behind.
          if ((location.state as { fromInput?: boolean } | null)?.fromInput) navigate(-1);
          else navigate('/create-event');
        }}
      />
    );
  }

  return (
    <Page title="イベントを作成">
      <div className="max-w-2xl">
        <StepIndicator step={1} />
        <form
          noValidate
          onSubmit={form.handleSubmit(toConfirm)}
          onKeyDown={preventImeEnterSubmit}
          className="space-y-8"
        >
          <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
            <EventFormFields form={form} />
          </section>
          <section
            className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
            aria-labelledby="image-heading"
          >
            <h2 id="image-heading" className="mb-3 text-sm font-semibold text-slate-800">
              イベント画像 <span className="text-xs font-normal text-slate-500">任意</span>
            </h2>
            <ImagePicker
              label="イベント画像"
              previewURL={previewURL}
              onPick={(f) => void pickImage(f)}
              onClear={() => {
                setImage(null);
                setDraftImage(uid, null);
              }}
              pickLabel={image ? '画像を変更' : '画像を選択'}
              clearLabel="画像を外す"
              hint={preparing ? '画像を処理しています…' : IMAGE_HINT}
              disabled={preparing}
              error={imageError}
            />
          </section>
          <div className="flex justify-end">
            <Button type="submit" className="w-full sm:w-auto" disabled={preparing}>
              入力内容を確認する
            </Button>
          </div>
        </form>
      </div>
    </Page>
  );
}

function ConfirmStep({
  uid,
  values,
  image,
  previewURL,
  onBack,
}: {
  uid: string;
  values: EventFormValues;
  image: File | null;
  previewURL: string | null;
  onBack: () => void;
}) {
  const navigate = useNavigate();
  const create = useCreateEvent();
  const uploader = useImageUpload();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const submit = async () => {
    setSaving(true);
    setError(null);
    try {
      const uploaded = image
        ? await uploader.upload(eventImageFolder(uid), image)
        : { url: '', path: '' };
      const id = await create.mutateAsync({
        ...values,
        imageURL: uploaded.url,
        imagePath: uploaded.path,
      });
      clearDraft(uid);
      navigate(`/create-event/complete?id=${encodeURIComponent(id)}`, { replace: true });
    } catch (e) {
      // The input stays as it is; pressing the button again retries (an image that already
      // went up is not sent twice).
      setError(e);
      setSaving(false);
    }
  };

  return (
    <Page title="入力内容の確認">
      <div className="max-w-2xl">
        <StepIndicator step={2} />
        <p className="mb-4 text-sm text-slate-600">
          以下の内容でイベントを作成します。よろしければ「この内容で作成する」を押してください。
        </p>
        <EventConfirmView values={values} previewURL={previewURL} />
        {uploader.progress !== null ? (
          <div className="mt-6">
            <ProgressBar value={uploader.progress} label="画像をアップロードしています" />
          </div>
        ) : null}
        <ActionError
          error={error}
          fallback="イベントを作成できませんでした。もう一度お試しください"
          className="mt-6"
        />
        <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Button variant="secondary" onClick={onBack} disabled={saving}>
            入力画面に戻る
          </Button>
          <Button onClick={() => void submit()} busy={saving} busyLabel="作成しています…">
            この内容で作成する
          </Button>
        </div>
      </div>
    </Page>
  );
}

export default function CreateEventPage() {
  const user = useCurrentUser();
  const refusal = useWriteRefusal('verified');
  // The route is guarded; while the session settles there is nothing to draft for yet.
  if (!user) return null;
  if (refusal) {
    return (
      <Page title="イベントを作成">
        <div className="max-w-2xl">
          <StandingNotice refusal={refusal} action="イベントを作成する" />
        </div>
      </Page>
    );
  }
  return <CreateEventScreen key={user.uid} uid={user.uid} />;
}
