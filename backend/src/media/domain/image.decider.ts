import { Decider } from '../../shared/event-sourcing/decider';
import { ImageEvent, ImageProcessed } from '../contract/media.events';

export interface ImageState {
  processed: boolean;
}

export type ImageCommand = { kind: 'record'; image: ImageProcessed['data'] };

/**
 * An image is recorded once its variants are stored. Its id is derived from what it was made of
 * (the upload, or the drawing), so recording it again after an interrupted attempt records nothing more.
 */
export const imageDecider: Decider<ImageCommand, ImageState, ImageEvent> = {
  initialState: { processed: false },

  evolve(_state, event) {
    switch (event.type) {
      case 'ImageProcessed':
        return { processed: true };
    }
  },

  decide(command, state) {
    if (state.processed) return [];
    return [{ type: 'ImageProcessed', version: 1, data: command.image }];
  },
};
