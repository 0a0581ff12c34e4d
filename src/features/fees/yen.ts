/** Yen as the fee screens write it: 1,500円, 0円 (the roster's sums; 無料 is the event page's). */
export const yen = (n: number): string => `${n.toLocaleString('ja-JP')}円`;
