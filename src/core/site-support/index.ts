export * from './learning-subtitle-support';
export * from './subtitle-refusals';
