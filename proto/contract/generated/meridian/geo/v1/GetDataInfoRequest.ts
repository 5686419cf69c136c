// Original file: meridian/geo/v1/geo.proto


export interface GetDataInfoRequest {
}

export interface GetDataInfoRequest__Output {
}
