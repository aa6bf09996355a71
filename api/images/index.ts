/** What other features may use of the image room: an upload's slot and the stored format, never the codecs inside. */
export { IMAGE_MIME } from './images';
export { withUpload } from './image-upload';
