/**
 * The favorites' mutation documents in one module: FavoritesProvider loads it as one lazy chunk
 * with the first add or remove, so pages that never change a favorite do not download them.
 */
export { ADD_FAVORITES } from '../graphql/operations/add-favorites.js';
export { DELETE_FAVORITES } from '../graphql/operations/delete-favorites.js';
