import { resultsPageReads } from './page-reads.js';

describe('resultsPageReads', () => {
  it('asks for the listings’ commute times only when the search has destinations', () => {
    const commute = resultsPageReads('search.results', {}, '?prefecture=tokyo&commute=1130208_30_1&commute=1130205_45');
    expect(commute.search.variables).toEqual({
      page: 1,
      perPage: 30,
      prefecturePath: 'tokyo',
      destinationStations: [
        { stationCode: 1130208, maxMinutes: 30, maxTransfers: 1 },
        { stationCode: 1130205, maxMinutes: 45 },
      ],
      withCommute: true,
    });
    // Every other search sends the variables it always sent (withCommute defaults to false in the document).
    const plain = resultsPageReads('search.results', {}, '?prefecture=tokyo');
    expect(plain.search.variables).toEqual({ page: 1, perPage: 30, prefecturePath: 'tokyo' });
    expect(plain.args).toEqual(plain.search.variables);
  });
});
