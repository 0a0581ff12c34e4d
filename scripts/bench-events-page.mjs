// Functions the event-list benchmark runs inside the page (serialized by Playwright, so each
// must be self-contained).

/**
 * Runs in the page: writes `count` events straight into the local backend's IndexedDB store, in
 * the row shape src/data/local writes (date = local midnight as a Date, the list index is
 * [date+startTime+id]). A tenth lie in the past; the rest spread over the next year.
 */
export async function seedInPage({ dbName, count }) {
  const db = await new Promise((resolve, reject) => {
    const req = indexedDB.open(dbName);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  const read = (store) =>
    new Promise((resolve, reject) => {
      const req = db.transaction(store).objectStore(store).getAll();
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  const existing = await read('events');
  const already = existing.filter((e) => String(e.id).startsWith('bench-')).length;
  if (already >= count) {
    db.close();
    return { inserted: 0, total: existing.length };
  }
  const users = await read('users');
  const imageBySport = new Map(
    existing.filter((e) => e.imageURL).map((e) => [e.sportType, e.imageURL]),
  );
  const sports = [
    'サッカー',
    'フットサル',
    'バスケットボール',
    'バレーボール',
    'テニス',
    'バドミントン',
    '卓球',
    '野球',
    'ランニング',
    'ヨガ',
    'その他',
  ];
  const regions = ['北海道', '東北', '関東', '中部', '近畿', '中国', '四国', '九州・沖縄'];
  const levels = ['誰でも', '初心者', '中級者', '上級者'];
  const statuses = [
    'open',
    'open',
    'open',
    'open',
    'open',
    'open',
    'closed',
    'cancelled',
    'finished',
  ];
  const places = [
    '市民体育館',
    '総合運動公園',
    '河川敷グラウンド',
    'スポーツセンター',
    '中央公園',
    'テニスコート',
  ];
  let seed = 20240501;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const today = new Date();
  const rows = [];
  for (let i = 0; i < count; i++) {
    const sport = pick(sports);
    const region = pick(regions);
    const organizer = pick(users);
    const offset = rand() < 0.1 ? -Math.ceil(rand() * 60) : Math.floor(rand() * 365);
    const hour = 6 + Math.floor(rand() * 15);
    const capacity = 4 + Math.floor(rand() * 27);
    const taken = Math.floor(rand() * (capacity + 1));
    rows.push({
      id: `bench-${String(i).padStart(5, '0')}`,
      title: `${region}${sport}イベント #${i}`,
      description: 'ベンチマーク用のイベントです。',
      sportType: sport,
      location: `${region}${pick(places)}`,
      region,
      level: pick(levels),
      teamName: '',
      organizerId: organizer?.id ?? 'bench-organizer',
      organizerName: organizer?.displayName ?? '主催者',
      organizerPhotoURL: organizer?.photoURL ?? '',
      participants: users.slice(0, Math.min(taken, users.length)).map((u) => u.id),
      status: pick(statuses),
      date: new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset),
      startTime: `${String(hour).padStart(2, '0')}:${rand() < 0.5 ? '00' : '30'}`,
      endTime: `${String(hour + 2).padStart(2, '0')}:00`,
      fee: Math.floor(rand() * 8) * 250,
      capacity,
      imageURL: imageBySport.get(sport) ?? '',
      imagePath: '',
      createdAt: new Date(),
      updatedAt: new Date(),
    });
  }
  await new Promise((resolve, reject) => {
    const tx = db.transaction('events', 'readwrite');
    const store = tx.objectStore('events');
    for (const row of rows) store.put(row);
    tx.oncomplete = resolve;
    tx.onerror = () => reject(tx.error);
  });
  const total = existing.length - already + count;
  db.close();
  return { inserted: count, total };
}

/** Installed before any page script: notes when the first page of cards is in the DOM. */
export function watchCards(pageSize) {
  window.__bench = { cards: null, frame: null };
  const check = () => {
    if (window.__bench.cards !== null) return;
    if (document.querySelectorAll('[data-testid="event-card"]').length >= pageSize) {
      window.__bench.cards = performance.now();
      requestAnimationFrame(() => {
        window.__bench.frame = performance.now();
      });
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true });
}

/** Runs in the page: applies filters through the real controls and times until their results show. */
export async function timeFilterChange({ changes, expectedKey }) {
  const control = (label) =>
    [...document.querySelectorAll('label')].find((l) => l.textContent.trim() === label)?.control;
  const t0 = performance.now();
  const done = new Promise((resolve, reject) => {
    const selector = `[data-results-key="${CSS.escape(expectedKey)}"]`;
    const finish = () => {
      if (!document.querySelector(selector)) return false;
      observer.disconnect();
      clearTimeout(timer);
      resolve({
        ms: performance.now() - t0,
        cards: document.querySelectorAll('[data-testid="event-card"]').length,
      });
      return true;
    };
    const observer = new MutationObserver(finish);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['data-results-key'],
    });
    const timer = setTimeout(() => reject(new Error(`no results for ${expectedKey}`)), 10_000);
  });
  for (const [label, value] of changes) {
    const el = control(label);
    if (!el) throw new Error(`no control labelled ${label}`);
    el.value = value;
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }
  return done;
}
