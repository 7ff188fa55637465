export * from './library-types';
export * from './library-item';
export * from './library-store';
export * from './posts/link-key';
export * from './posts/remove-post';
export * from './search/search-input';
export * from './search/search-posts';
export * from './thumbnails/thumbnail-cache';
