import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Button, buttonClass } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { ImagePicker } from '@/components/ui/image-picker';
import { useObjectURL } from '@/components/ui/use-object-url';
import { BIO_MAX, BIRTH_DATE_MIN, DISPLAY_NAME_MAX, LOCATION_MAX } from '@/domain/constants';
import {
  BIRTH_DATE_VISIBILITIES,
  BIRTH_DATE_VISIBILITY_LABELS,
  GENDER_LABELS,
  GENDERS,
  profileEditSchema,
  type PrivateProfile,
  type ProfileEdit,
  type UserProfile,
} from '@/domain/entities/user';
import { errorMessage } from '@/domain/errors';
import { formatIsoDate } from '@/domain/format';
import { Avatar } from '@/components/ui/avatar';
import { prepareImage } from '@/lib/image-upload';
import { preventImeEnterSubmit } from '@/lib/ime';
import { toast } from '@/lib/toast-store';
import { PhotoUploadFailed, useSaveProfile, type PhotoChoice } from '../profile-mutations';

const PHOTO_HINT =
  'JPEG・PNG・GIF・WebP・AVIF形式、5MBまで。1MBを超える画像は自動で縮小・圧縮されます。';

/**
 * Editing the profile: photo, name, bio, area, gender and birth date with who sees them. What
 * was typed stays after a failed save; the save button is disabled while the photo is prepared
 * or the save runs, and the upload shows its progress.
 */
export function ProfileForm({
  profile,
  privateProfile,
}: {
  profile: UserProfile;
  privateProfile: PrivateProfile;
}) {
  const { save, syncOrganizer, progress } = useSaveProfile(profile);
  const form = useForm<ProfileEdit>({
    resolver: zodResolver(profileEditSchema),
    mode: 'onTouched',
    defaultValues: {
      displayName: profile.displayName,
      bio: profile.bio,
      location: profile.location,
      gender: privateProfile.gender,
      birthDate: privateProfile.birthDate,
      genderVisibility: privateProfile.genderVisibility,
      birthDateVisibility: privateProfile.birthDateVisibility,
    },
  });
  const { errors } = form.formState;
  const [photo, setPhoto] = useState<PhotoChoice>({ kind: 'keep' });
  const [preparing, setPreparing] = useState(false);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const newPhotoURL = useObjectURL(photo.kind === 'new' ? photo.file : null);
  const previewURL =
    photo.kind === 'new' ? newPhotoURL : photo.kind === 'remove' ? null : profile.photoURL || null;
  const busy = preparing || save.isPending;
  const [name, bio, location] = useWatch({
    control: form.control,
    name: ['displayName', 'bio', 'location'],
  });
  const visibilityId = useId();

  const pickPhoto = async (file: File) => {
    setPhotoError(null);
    setPreparing(true);
    try {
      setPhoto({ kind: 'new', file: await prepareImage(file) });
    } catch (e) {
      setPhotoError(errorMessage(e, '画像を読み込めませんでした。別の画像を選んでください'));
    } finally {
      setPreparing(false);
    }
  };

  const submit = (values: ProfileEdit) => {
    setFormError(null);
    setPhotoError(null);
    save.mutate(
      { values, photo },
      {
        onSuccess: () => {
          setPhoto({ kind: 'keep' });
          form.reset(values);
          toast({ title: 'プロフィールを保存しました', variant: 'success' });
        },
        onError: (e) => {
          if (e instanceof PhotoUploadFailed) {
            setPhotoError(errorMessage(e.cause, '写真をアップロードできませんでした'));
          } else {
            setFormError(
              errorMessage(e, 'プロフィールを保存できませんでした。もう一度お試しください'),
            );
          }
        },
      },
    );
  };

  return (
    <form
      noValidate
      onKeyDown={preventImeEnterSubmit}
      onSubmit={form.handleSubmit(submit)}
      className="space-y-6"
      aria-busy={busy || undefined}
    >
      {formError ? (
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          {formError}
        </div>
      ) : null}
      {syncOrganizer.isError ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <p className="min-w-0 flex-1">
            プロフィールは保存しましたが、主催しているイベントに表示される名前・写真を更新できませんでした。
          </p>
          <Button
            variant="secondary"
            busy={syncOrganizer.isPending}
            busyLabel="更新中…"
            onClick={() => syncOrganizer.mutate()}
          >
            もう一度更新する
          </Button>
        </div>
      ) : null}

      <div>
        <p className="mb-2 text-sm font-semibold text-slate-800">プロフィール写真</p>
        <ImagePicker
          label="プロフィール写真"
          shape="round"
          placeholder={<Avatar name={name || profile.displayName} photoURL="" size={112} />}
          previewURL={previewURL}
          onPick={(file) => void pickPhoto(file)}
          onClear={() => setPhoto({ kind: 'remove' })}
          pickLabel={previewURL ? '写真を変更' : '写真を選ぶ'}
          clearLabel="写真を削除"
          hint={PHOTO_HINT}
          disabled={busy}
          progress={save.isPending && photo.kind === 'new' ? progress : null}
          error={photoError}
          onRetry={
            photo.kind === 'new' && !busy ? () => void form.handleSubmit(submit)() : undefined
          }
        />
        {photo.kind !== 'keep' ? (
          <p className="mt-2 text-xs text-slate-600">
            {photo.kind === 'new' ? '新しい写真' : '写真の削除'}は「保存する」で反映されます。
            <button
              type="button"
              className="ml-2 font-semibold text-brand-700 underline"
              disabled={busy}
              onClick={() => {
                setPhoto({ kind: 'keep' });
                setPhotoError(null);
              }}
            >
              元に戻す
            </button>
          </p>
        ) : null}
      </div>

      <FormField
        label="表示名"
        error={errors.displayName?.message}
        count={name.length}
        max={DISPLAY_NAME_MAX}
      >
        {(props) => (
          <input type="text" autoComplete="nickname" {...props} {...form.register('displayName')} />
        )}
      </FormField>

      <FormField label="自己紹介" error={errors.bio?.message} count={bio.length} max={BIO_MAX}>
        {(props) => <textarea rows={5} {...props} {...form.register('bio')} />}
      </FormField>

      <FormField
        label="活動地域"
        hint="例：東京都世田谷区"
        error={errors.location?.message}
        count={location.length}
        max={LOCATION_MAX}
      >
        {(props) => <input type="text" {...props} {...form.register('location')} />}
      </FormField>

      <div className="space-y-3 rounded-md border border-slate-200 p-4">
        <FormField label="性別" error={errors.gender?.message}>
          {(props) => (
            <select
              {...props}
              className={`${props.className} sm:max-w-xs`}
              {...form.register('gender')}
            >
              <option value="">未設定</option>
              {GENDERS.map((g) => (
                <option key={g} value={g}>
                  {GENDER_LABELS[g]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <Controller
          control={form.control}
          name="genderVisibility"
          render={({ field }) => (
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="h-5 w-5 rounded border-slate-300 accent-brand-700"
                checked={field.value === 'public'}
                onChange={(e) => field.onChange(e.target.checked ? 'public' : 'private')}
                onBlur={field.onBlur}
                ref={field.ref}
              />
              公開プロフィールに性別を表示する
            </label>
          )}
        />
      </div>

      <div className="space-y-3 rounded-md border border-slate-200 p-4">
        <FormField label="生年月日" error={errors.birthDate?.message}>
          {(props) => (
            <input
              type="date"
              min={BIRTH_DATE_MIN}
              max={formatIsoDate(new Date())}
              {...props}
              className={`${props.className} sm:max-w-xs`}
              {...form.register('birthDate')}
            />
          )}
        </FormField>
        <div role="radiogroup" aria-labelledby={visibilityId} className="space-y-2">
          <p id={visibilityId} className="text-sm font-semibold text-slate-800">
            生年月日の公開範囲
          </p>
          {BIRTH_DATE_VISIBILITIES.map((v) => (
            <label key={v} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                value={v}
                className="h-4 w-4 accent-brand-700"
                {...form.register('birthDateVisibility')}
              />
              {BIRTH_DATE_VISIBILITY_LABELS[v]}
            </label>
          ))}
        </div>
      </div>

      <p className="text-xs text-slate-500">
        性別と生年月日は、公開を選ばない限りあなただけに表示されます。メールアドレスはほかのユーザーに公開されません。
      </p>

      <div className="flex flex-wrap gap-3">
        <Button type="submit" busy={busy} busyLabel={preparing ? '画像を準備中…' : '保存中…'}>
          保存する
        </Button>
        <Link to="/profile" className={buttonClass('ghost')}>
          マイプロフィールへ戻る
        </Link>
      </div>
    </form>
  );
}
