export * from './constants.js';
export * from './messages.js';
export * from './entities.js';
export * from './payloads.js';
export * from './responses.js';
export * from './images.js';
export * from './payments.js';
export * from './catalog.js';
