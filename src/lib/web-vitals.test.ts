import { rateVital } from './web-vitals';

describe('rateVital', () => {
  it.each([
    ['CLS', 0.1, 'good'],
    ['CLS', 0.2, 'needs-improvement'],
    ['CLS', 0.26, 'poor'],
    ['FID', 100, 'good'],
    ['FID', 300, 'needs-improvement'],
    ['FID', 301, 'poor'],
    ['LCP', 2500, 'good'],
    ['LCP', 4000, 'needs-improvement'],
    ['LCP', 4001, 'poor'],
    ['FCP', 1800, 'good'],
    ['FCP', 3001, 'poor'],
    ['TTFB', 800, 'good'],
    ['TTFB', 1800, 'needs-improvement'],
    ['TTFB', 1801, 'poor'],
  ] as const)('rates %s %s as %s', (name, value, rating) => {
    expect(rateVital(name, value)).toBe(rating);
  });
});
