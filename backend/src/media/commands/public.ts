/** The media commands other contexts may send (demo data draws its product images; support cases, returns and verifications attach uploads and show them). */
export { PublishGeneratedImage } from './publish-generated-image.command';
export { AttachUploadedImage, AttachUploadedImages, AttachedImageFile } from './attach-uploaded-image.command';
export { ErasePrivateUploads } from './erase-private-uploads.command';
