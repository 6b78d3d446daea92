/** The media commands other contexts may send (demo data draws its product images; support cases attach uploads and show them). */
export { PublishGeneratedImage } from './publish-generated-image.command';
export { AttachUploadedImage, AttachedImageFile } from './attach-uploaded-image.command';
