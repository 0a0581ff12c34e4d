import { Navigate, useSearchParams } from 'react-router-dom';

/** /create-series/complete?id=…: the new series' page, where its dates appear. */
export default function CreateSeriesCompletePage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  return <Navigate to={id ? `/series/${encodeURIComponent(id)}` : '/events'} replace />;
}
