import { formDraft, type FormDraft } from '@/lib/form-draft';

/**
 * A creation draft whose in-memory state a test can drop, as a reload of the page does: the
 * screen holds `draft`, and after `reload()` it reaches a new formDraft that has only what was
 * stored (sessionStorage, IndexedDB). Used from a vi.mock factory of the page's draft module.
 */
export interface ReloadableDraft<V> {
  draft: FormDraft<V>;
  reload: () => void;
}

export function reloadableDraft<V>(name: string): ReloadableDraft<V> {
  let current = formDraft<V>(name);
  const draft = new Proxy({} as FormDraft<V>, {
    get: (_, key) => current[key as keyof FormDraft<V>],
  });
  return {
    draft,
    reload: () => {
      current = formDraft<V>(name);
    },
  };
}
