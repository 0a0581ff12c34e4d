import { useEffect, useState, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import type * as z from 'zod/mini';
import { errorMessage } from '@/domain/errors';
import type { FormDraft } from '@/lib/form-draft';
import { preventImeEnterSubmit } from '@/lib/ime';
import { prepareImage } from '@/lib/image-upload';
import { useImageUpload } from '@/lib/use-image-upload';
import { Button, buttonClass } from '@/components/ui/button';
import { ImagePicker } from '@/components/ui/image-picker';
import type { WriteRefusal } from '@/domain/rules/standing';
import { ActionError, StandingNotice } from './standing-notice';
import { Page } from '@/components/ui/page';
import { ProgressBar } from '@/components/ui/progress-bar';
import { StepIndicator } from './step-indicator';
import { useObjectURL } from '@/components/ui/use-object-url';

/**
 * The draft's picture as the screen has it: 'restoring' while it is read back after a reload,
 * 'lost' when it could not be (then creating waits until it is picked again or dropped).
 */
type ImageState = 'ready' | 'restoring' | 'lost';

const IMAGE_LOST = '選択した画像を読み込めませんでした。画像をもう一度選択してください。';

const IMAGE_HINT = '1MBを超える画像は、送信前に自動で縮小・圧縮されます（最大800×600）。';

export interface CreationFlowProps<S extends z.ZodMiniType<FieldValues, FieldValues>> {
  uid: string;
  /** The input step's path; the confirmation is `${basePath}/confirm`. */
  basePath: string;
  schema: S;
  empty: z.input<S>;
  draft: FormDraft<z.input<S>>;
  /** The input step's title, e.g. イベントを作成. */
  title: string;
  /** What is being created, in the confirmation's lead: イベント, チーム. */
  noun: string;
  /**
   * Why this account may not create (useWriteRefusal('verified')): then the screen says so, with
   * the way to verify an address, instead of offering the form.
   */
  refusal: WriteRefusal | null;
  /** The picture's label, e.g. イベント画像. */
  imageLabel: string;
  /** Where the picture is uploaded. */
  imageFolder: string;
  fields: (form: UseFormReturn<z.input<S>, unknown, z.output<S>>) => ReactNode;
  confirmView: (values: z.output<S>, previewURL: string | null) => ReactNode;
  /**
   * Checks what the form's schema does not hold (a series' minimum headcount) before the
   * confirmation: false keeps the input step, whose fields then show why.
   */
  beforeConfirm?: (values: z.output<S>) => boolean;
  /**
   * Creates what was entered, with the uploaded picture (or empty url and path), and returns the
   * new id; the flow then goes to `${basePath}/complete?id=…`.
   */
  create: (input: z.output<S> & { imageURL: string; imagePath: string }) => Promise<string>;
}

/**
 * A creation flow of two routes that are one screen (an input step and its confirmation): the
 * form lives here, above both steps, so moving between them with the buttons or the browser's
 * back and forward keeps every input, the picked image included. The text is also kept in the
 * tab's session storage (formDraft), so it survives a remount.
 */
export function CreationFlow<S extends z.ZodMiniType<FieldValues, FieldValues>>(
  props: CreationFlowProps<S>,
) {
  if (props.refusal) {
    return (
      <Page title={props.title}>
        <div className="max-w-2xl">
          <StandingNotice refusal={props.refusal} action={`${props.noun}を作成する`} />
        </div>
      </Page>
    );
  }
  return <CreationSteps {...props} />;
}

function CreationSteps<S extends z.ZodMiniType<FieldValues, FieldValues>>(
  props: CreationFlowProps<S>,
) {
  const { uid, basePath, schema, draft } = props;
  const location = useLocation();
  const navigate = useNavigate();
  const isConfirm = location.pathname.replace(/\/$/, '') === `${basePath}/confirm`;
  const [initial] = useState(() => draft.load(uid));
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    defaultValues: { ...props.empty, ...initial.values } as DefaultValues<z.input<S>>,
    mode: 'onTouched',
  });
  const [reviewed, setReviewed] = useState(initial.reviewed === true);
  // The picked picture: kept in IndexedDB under imageId, read back after a remount or a reload.
  const [imageId, setImageId] = useState<string | null>(initial.imageId ?? null);
  const [image, setImage] = useState<File | null>(null);
  const [imageState, setImageState] = useState<ImageState>(initial.imageId ? 'restoring' : 'ready');
  const previewURL = useObjectURL(image);
  const [preparing, setPreparing] = useState(false);
  const [imageError, setImageError] = useState<string | null>(null);

  useEffect(() => {
    const id = initial.imageId;
    if (!id) return;
    let live = true;
    void draft.loadImage(id).then((file) => {
      if (!live) return;
      setImage(file);
      setImageState(file ? 'ready' : 'lost');
    });
    return () => {
      live = false;
    };
  }, [draft, initial.imageId]);

  useEffect(() => {
    return form.subscribe({
      formState: { values: true },
      callback: ({ values }) => draft.save(uid, { values, reviewed, imageId }),
    });
  }, [form, draft, uid, reviewed, imageId]);

  /** Replaces the draft's picture (null: none), forgetting the stored one. */
  const replaceImage = (file: File | null) => {
    if (imageId) draft.removeImage(imageId);
    // The id is in the draft before the bytes are stored: if storing fails, a reload says the
    // picture is gone instead of creating without it.
    const next = file ? draft.storeImage(uid, file).id : null;
    setImage(file);
    setImageId(next);
    setImageState('ready');
    draft.save(uid, { values: form.getValues(), reviewed, imageId: next });
  };

  const pickImage = async (file: File) => {
    setImageError(null);
    setPreparing(true);
    try {
      replaceImage(await prepareImage(file));
    } catch (e) {
      setImageError(errorMessage(e, '画像を読み込めませんでした。別の画像を選択してください'));
    } finally {
      setPreparing(false);
    }
  };

  const toConfirm = (values: z.output<S>) => {
    if (props.beforeConfirm && !props.beforeConfirm(values)) return;
    setReviewed(true);
    draft.save(uid, { values: form.getValues(), reviewed: true, imageId });
    navigate(`${basePath}/confirm`, { state: { fromInput: true } });
  };

  if (isConfirm) {
    const parsed = schema.safeParse(form.getValues());
    if (!reviewed || !parsed.success) return <Navigate to={basePath} replace />;
    return (
      <ConfirmStep
        {...props}
        values={parsed.data}
        image={image}
        imageState={imageState}
        previewURL={previewURL}
        onBack={() => {
          // Back through history when we came from the input step, so the browser's own back
          // and this button leave the same history behind.
          if ((location.state as { fromInput?: boolean } | null)?.fromInput) navigate(-1);
          else navigate(basePath);
        }}
      />
    );
  }

  return (
    <Page title={props.title}>
      <div className="max-w-2xl">
        <StepIndicator step={1} />
        <form
          noValidate
          onSubmit={form.handleSubmit(toConfirm)}
          onKeyDown={preventImeEnterSubmit}
          className="space-y-8"
        >
          <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
            {props.fields(form)}
          </section>
          <section
            className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
            aria-labelledby="image-heading"
          >
            <h2 id="image-heading" className="mb-3 text-sm font-semibold text-slate-800">
              {props.imageLabel} <span className="text-xs font-normal text-slate-600">任意</span>
            </h2>
            <ImagePicker
              label={props.imageLabel}
              previewURL={previewURL}
              onPick={(f) => void pickImage(f)}
              onClear={() => replaceImage(null)}
              pickLabel={image ? '画像を変更' : '画像を選択'}
              clearLabel="画像を外す"
              hint={
                preparing
                  ? '画像を処理しています…'
                  : imageState === 'restoring'
                    ? '選択した画像を読み込んでいます…'
                    : IMAGE_HINT
              }
              disabled={preparing || imageState === 'restoring'}
              error={imageError}
            />
            {imageState === 'lost' ? (
              <div role="alert" className="mt-3 text-sm text-red-700">
                <p>{IMAGE_LOST}</p>
                <button
                  type="button"
                  className={buttonClass('ghost', 'mt-1 px-0 text-red-700')}
                  onClick={() => replaceImage(null)}
                >
                  画像なしで続ける
                </button>
              </div>
            ) : null}
          </section>
          <div className="flex justify-end">
            <Button
              type="submit"
              className="w-full sm:w-auto"
              disabled={preparing || imageState !== 'ready'}
            >
              入力内容を確認する
            </Button>
          </div>
        </form>
      </div>
    </Page>
  );
}

function ConfirmStep<S extends z.ZodMiniType<FieldValues, FieldValues>>({
  uid,
  basePath,
  draft,
  noun,
  imageFolder,
  confirmView,
  create,
  values,
  image,
  imageState,
  previewURL,
  onBack,
}: CreationFlowProps<S> & {
  values: z.output<S>;
  image: File | null;
  imageState: ImageState;
  previewURL: string | null;
  onBack: () => void;
}) {
  const navigate = useNavigate();
  const uploader = useImageUpload();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const submit = async () => {
    setSaving(true);
    setError(null);
    try {
      const uploaded = image ? await uploader.upload(imageFolder, image) : { url: '', path: '' };
      const id = await create({ ...values, imageURL: uploaded.url, imagePath: uploaded.path });
      draft.clear(uid);
      navigate(`${basePath}/complete?id=${encodeURIComponent(id)}`, { replace: true });
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
          以下の内容で{noun}を作成します。よろしければ「この内容で作成する」を押してください。
        </p>
        {confirmView(values, previewURL)}
        {uploader.progress !== null ? (
          <div className="mt-6">
            <ProgressBar value={uploader.progress} label="画像をアップロードしています" />
          </div>
        ) : null}
        {imageState === 'lost' ? (
          <p role="alert" className="mt-6 text-sm text-red-700">
            選択した画像を読み込めませんでした。入力画面に戻って、画像をもう一度選択してください。
          </p>
        ) : null}
        <ActionError
          error={error}
          fallback={`${noun}を作成できませんでした。もう一度お試しください`}
          className="mt-6"
        />
        <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Button variant="secondary" onClick={onBack} disabled={saving}>
            入力画面に戻る
          </Button>
          <Button
            onClick={() => void submit()}
            busy={saving || imageState === 'restoring'}
            busyLabel={saving ? '作成しています…' : '画像を読み込んでいます…'}
            disabled={imageState === 'lost'}
          >
            この内容で作成する
          </Button>
        </div>
      </div>
    </Page>
  );
}
