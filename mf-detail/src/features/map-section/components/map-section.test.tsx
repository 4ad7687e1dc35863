import { cleanup, render, screen, within } from '@testing-library/react';
import { MapSection } from '../index.js';

afterEach(cleanup);

const walks = [
  { lineName: '東京メトロ半蔵門線', stationName: '半蔵門', walkMin: 5 },
  { lineName: '東京メトロ有楽町線', stationName: '麹町', walkMin: 8 },
];

describe('周辺地図 without Leaflet (jsdom has no IntersectionObserver: the picture stays the map)', () => {
  it('draws the listing as a marker among its stations, named, with the list of walks beside it', async () => {
    render(<MapSection name="テストハイツ" latLng={{ lat: 35.6835, lng: 139.7404 }} walks={walks} config={{}} />);
    const section = screen.getByTestId('map-section');
    expect(within(section).getByRole('heading', { level: 2, name: '周辺地図' })).toBeTruthy();
    const map = await within(section).findByRole('img', { name: 'テストハイツの地図' });
    expect(map.tagName.toLowerCase()).toBe('svg');
    expect(map.querySelectorAll('[data-marker="place"]')).toHaveLength(1);
    // The nearby stations, located in the base layer, drawn with their names.
    expect([...map.querySelectorAll('[data-station]')].map((g) => g.textContent)).toEqual(['半蔵門駅', '麹町駅']);
    // The base layer around the place: land and railway lines clipped to the box.
    expect(map.querySelector('.sk-map__land')?.getAttribute('d')).toMatch(/^M[\d.]+ [\d.]+L/);
    expect(map.querySelector('.sk-map__rail')?.getAttribute('d')).toMatch(/^M/);
    // The list is the map's text alternative: each station with its line and the walk.
    const list = within(section).getByRole('list', { name: '最寄り駅と徒歩時間' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['半蔵門駅 東京メトロ半蔵門線 徒歩5分', '麹町駅 東京メトロ有楽町線 徒歩8分']);
  });

  it('names campuses nearby on the map and in their own list', async () => {
    render(
      <MapSection
        name="テストハイツ"
        latLng={{ lat: 35.6835, lng: 139.7404 }}
        walks={walks}
        campuses={[{ name: '上智大学 四谷キャンパス', lat: 35.6836, lng: 139.7316, walkMin: 11 }]}
        config={{}}
      />,
    );
    const map = await screen.findByRole('img', { name: 'テストハイツの地図' });
    expect(map.querySelector('[data-spot="上智大学 四谷キャンパス"]')?.textContent).toBe('上智大学 四谷キャンパス');
    const list = screen.getByRole('list', { name: '近くの大学・キャンパスと徒歩時間' });
    expect(list.textContent).toBe('上智大学 四谷キャンパス 徒歩11分');
  });

  it('says so when the place has no station', async () => {
    render(<MapSection name="ひとりハウス" latLng={{ lat: 35.6835, lng: 139.7404 }} walks={[]} config={{}} />);
    expect(screen.getByText('最寄り駅の情報はありません。')).toBeTruthy();
    const map = await screen.findByRole('img', { name: 'ひとりハウスの地図' });
    expect(map.querySelectorAll('[data-station]')).toHaveLength(0);
    expect(map.querySelectorAll('[data-marker="place"]')).toHaveLength(1);
  });
});
