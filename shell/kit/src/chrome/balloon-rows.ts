import { MESSAGES } from '../core/messages.js';
import type { LastSearchCondition } from '../graphql/operations/required-user-data.js';

/**
 * The rows of the balloon (SPEC §2.2); empty ones are left out. こだわりの条件 is the conditions alone
 * (the places have their rows), 指定なし when the search had none.
 */
export function balloonRows(c: LastSearchCondition): { label: string; value: string }[] {
  const rows: { label: string; value: string }[] = [];
  if (c.prefectureName) rows.push({ label: '都道府県', value: c.prefectureName });
  const city = [c.gdCityName, c.citiesShortName].filter(Boolean).join(' ');
  if (city) rows.push({ label: '市区町村', value: city });
  if (c.linesStationsName) rows.push({ label: '路線・駅', value: c.linesStationsName });
  if (c.specialName) rows.push({ label: '特集', value: c.specialName });
  rows.push({ label: 'こだわりの条件', value: c.conditionText || MESSAGES.noSpecificCondition });
  return rows;
}
