// rrweb's recorder alone: what every recorder here builds on, with nothing sent anywhere.
import { record } from '@rrweb/record';

const events = [];
record({ emit: (event) => events.push(event) });
