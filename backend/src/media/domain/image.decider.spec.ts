import { DeciderSpecification } from '../../shared/event-sourcing/decider-specification';
import { ImageProcessed } from '../contract/media.events';
import { imageDecider } from './image.decider';

const data: ImageProcessed['data'] = {
  imageId: `${'e'.repeat(24)}-1280x960`,
  source: { kind: 'upload', uploadId: '9f86d081884c7d659a2feaa0c55ad015' },
  variants: [
    { box: 320, width: 320, height: 240, bytes: 9_000 },
    { box: 640, width: 640, height: 480, bytes: 26_000 },
    { box: 1280, width: 1280, height: 960, bytes: 80_000 },
  ],
};
const processed: ImageProcessed = { type: 'ImageProcessed', version: 1, data };

const image = DeciderSpecification.for(imageDecider);

describe('image decider', () => {
  it('records an image whose variants are stored', () => {
    image.given([]).when({ kind: 'record', image: data }).then([processed]);
  });

  it('records it once: the same image made again (an interrupted attempt, a repeated request) records nothing more', () => {
    image.given([processed]).when({ kind: 'record', image: data }).thenNothing();
  });
});
