import { composeSupergraph, composedSubgraphs } from '@sumika/infra/compose/compose';
import { buildASTSchema, parse, print } from 'graphql';
import { typeDefs } from './index.js';

describe('the user subgraph schema', () => {
  it('composes with every other subgraph into the supergraph', () => {
    expect(composedSubgraphs()).toContain('user');
    const sdl = composeSupergraph();
    const api = parse(sdl);
    expect(print(api)).toContain('join__Graph');
    // The Bukken entity carries both owners' fields; this one's are nullable, so a listing another
    // subgraph returned survives this one failing (STYLE 15).
    expect(sdl).toMatch(/type Bukken[\s\S]*?favorited: Boolean @join__field\(graph: USER\)[\s\S]*?\n}/);
    expect(sdl).toMatch(/addFavorites\(/);
  });

  it('uses SPEC §7.1 names for its operations', () => {
    const schema = buildASTSchema(typeDefs, { assumeValidSDL: true });
    const fields = [...Object.keys(schema.getQueryType()?.getFields() ?? {}), ...Object.keys(schema.getMutationType()?.getFields() ?? {})];
    expect(fields).toEqual(
      expect.arrayContaining([
        'requiredUserData',
        'user',
        'addFavorites',
        'deleteFavorites',
        'incompleteInquiriesDelete',
        'registerNewsLetterForFavoriteHistory',
        'registerNewsLetterForList',
        'createSearchCondition',
        'deleteSearchCondition',
        'setAbTests',
        'setLastSearchCondition',
        'setRequiredData',
        'setUser',
        'stopAllMailMagazine',
      ]),
    );
  });
});
