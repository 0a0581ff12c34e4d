import { useSearchParams } from 'react-router-dom';
import { safeReturnUrl } from '@/domain/return-url';

/** Where to go after signing in: the returnUrl query parameter when it is a same-site path, else /. */
export function useReturnUrl(): string {
  const [params] = useSearchParams();
  return safeReturnUrl(params.get('returnUrl'));
}
