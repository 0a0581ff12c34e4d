import { conversations } from './conversations';
import { combineDemoParts, type DemoData, type DemoPart } from './demo-data';
import { events } from './events';
import { notifications } from './notifications';
import { people } from './people';
import { staff } from './staff';
import { teams } from './teams';

/**
 * Every part of the demo data. A feature adds its own file in this folder (a DemoPart, with
 * deterministic ids) and one line here; both backends then load it (docs/demo-data.md).
 */
export const DEMO_PARTS: readonly DemoPart[] = [
  people,
  events,
  notifications,
  conversations,
  teams,
  staff,
];

/** The whole demo data, with times relative to `now`. */
export function buildDemoData(now: Date): DemoData {
  return combineDemoParts(DEMO_PARTS, now);
}
