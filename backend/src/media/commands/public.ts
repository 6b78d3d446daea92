/** The media commands other contexts may send (demo data draws its product images). */
export { PublishGeneratedImage } from './publish-generated-image.command';
