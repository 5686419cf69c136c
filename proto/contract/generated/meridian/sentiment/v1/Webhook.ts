// Original file: meridian/sentiment/v1/sentiment.proto


export interface Webhook {
  'id'?: (string);
  'url'?: (string);
  'eventTypes'?: (string)[];
  'description'?: (string);
  'createdAt'?: (string);
  'secret'?: (string);
  '_secret'?: "secret";
}

export interface Webhook__Output {
  'id': (string);
  'url': (string);
  'eventTypes': (string)[];
  'description': (string);
  'createdAt': (string);
  'secret'?: (string);
  '_secret'?: "secret";
}
