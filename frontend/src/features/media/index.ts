// The media feature's public face: private images picked, uploaded through the signed upload flow, and shown as thumbnails (support cases, returns, verification).
export { uploadPrivateImage, uploadPrivateImages, acceptedImages } from './api/private-uploads';
export type { PickedImage } from './api/private-uploads';
export { AttachmentPicker, AttachmentThumbnails, useImagePicker } from './components/ImagePicker';
