import type { Metric } from 'web-vitals';
import { WEB_VITAL_THRESHOLDS } from '@/domain/constants';
import { logger } from '@/lib/logger';

export type VitalRating = 'good' | 'needs-improvement' | 'poor';

export function rateVital(name: keyof typeof WEB_VITAL_THRESHOLDS, value: number): VitalRating {
  const t = WEB_VITAL_THRESHOLDS[name];
  if (value <= t.good) return 'good';
  if (value <= t.poor) return 'needs-improvement';
  return 'poor';
}

function report(metric: Metric) {
  const name = metric.name as keyof typeof WEB_VITAL_THRESHOLDS;
  if (!(name in WEB_VITAL_THRESHOLDS)) return;
  logger.info('web-vitals', {
    name,
    value: Math.round(metric.value * 1000) / 1000,
    rating: rateVital(name, metric.value),
  });
}

/**
 * Only logs (docs/routes.md, "Measurements"). web-vitals 5+ no longer reports FID; INP is its
 * successor and is logged in its place.
 */
export async function startWebVitals(): Promise<void> {
  const { onCLS, onINP, onLCP, onFCP, onTTFB } = await import('web-vitals');
  onCLS(report);
  onINP(report);
  onLCP(report);
  onFCP(report);
  onTTFB(report);
}
