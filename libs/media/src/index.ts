export { checkImage, ImageRefused, MAX_IMAGE_PIXELS } from './image-check.js';
