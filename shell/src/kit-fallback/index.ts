export const KIT = 1;
