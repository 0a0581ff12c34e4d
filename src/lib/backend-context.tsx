import { createContext, useContext } from 'react';
import type { Backend } from '@/data/ports/backend';

export const BackendContext = createContext<Backend | null>(null);

/** The backend src/app chose; features reach data only through its ports. */
export function useBackend(): Backend {
  const backend = useContext(BackendContext);
  if (!backend) throw new Error('useBackend must be used inside BackendContext');
  return backend;
}
