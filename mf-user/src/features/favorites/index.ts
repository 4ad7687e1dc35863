// The favorites feature's public entry: what pages, other features and outside tests use.
export { USER_FAVORITES } from './api/user-favorites.js';
export { FAVORITE_SORTS, sortFavorites, type FavoriteSort } from './sort-favorites.js';
