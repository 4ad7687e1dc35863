import { cleanup, render, screen } from '@testing-library/react';
import { CommuteTimes, commutesByKey } from './commute-times.js';

afterEach(cleanup);

const t = (stationCode: number, stationName: string, minutes: number, transfers: number) => ({
  __typename: 'CommuteTime' as const,
  stationCode,
  stationName,
  minutes,
  transfers,
  fromStationName: '中野',
});

it("shows a listing's minutes and line changes to each destination", () => {
  render(<CommuteTimes times={[t(1130208, '新宿', 18, 1), t(1130101, '東京', 25, 0)]} />);
  expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['新宿まで 18分（乗換1回）', '東京まで 25分（乗換なし）']);
  expect(screen.getByRole('list', { name: '通勤・通学時間' })).toBeTruthy();
});

it('shows nothing without destinations, and finds each listing by its key', () => {
  const { container } = render(<CommuteTimes times={undefined} />);
  expect(container.innerHTML).toBe('');
  const byKey = commutesByKey({
    searchBukkens: { commutes: [{ __typename: 'ListingCommute', globalKey: 'bk1', destinations: [t(1, '新宿', 5, 0)] }] },
  } as never);
  expect(byKey.get('bk1')?.[0]?.minutes).toBe(5);
  expect(commutesByKey(undefined).size).toBe(0);
});
