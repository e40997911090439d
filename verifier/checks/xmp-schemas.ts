// verifier/checks/xmp-schemas.ts — the predefined XMP schemas a PDF/A file may use without describing
// them in an extension schema (XMP Specification 2004 for PDF/A-1; 2005 additions for PDF/A-2 and
// later), with each property's value type. Types: a simple type name, `Lang Alt`, `Bag T`/`Seq T`/
// `Alt T`, or a structure name (any struct accepted; its fields are not typed here).

export const SIMPLE_TYPES = new Set([
  'Text',
  'Integer',
  'Real',
  'Rational',
  'Boolean',
  'Date',
  'URI',
  'URL',
  'AgentName',
  'MIMEType',
  'Locale',
  'GUID',
  'RenditionClass',
  'ProperName',
  'XPath',
  'GPSCoordinate',
  'RenditionClass',
  'Choice',
  'Open Choice',
  'Closed Choice',
]);
export const STRUCT_TYPES = new Set([
  'ResourceRef',
  'ResourceEvent',
  'Version',
  'Job',
  'Dimensions',
  'Thumbnail',
  'Font',
  'Colorant',
  'Flash',
  'OECF/SFR',
  'CFAPattern',
  'DeviceSettings',
  'Struct',
  'ProjectLink',
  'Timecode',
  'Time',
  'Marker',
  'Media',
  'timeScaleStretch',
  'resampleStretch',
  'beatSpliceStretch',
  'CuePointParam',
]);

const KNOWN_TYPES = new Map(
  [...SIMPLE_TYPES, ...STRUCT_TYPES, 'Lang Alt'].map((t): [string, string] => [t.toLowerCase(), t]),
);
const capital = (w: string): string => w[0].toUpperCase() + w.slice(1).toLowerCase();

/**
 * A value type as this table spells it, whatever the case a description writes it in: XMP 2004 and
 * PDF/A extension schemas in the wild write `bag Text`, `seq ProperName`, `closed choice of text`, and
 * veraPDF reads types case-insensitively, a bare `bag` as a Bag of Text. A name this table does not
 * know (a package's own pdfaType) is returned as written, trimmed.
 */
export function canonicalType(type: string): string {
  const t = type.trim().replace(/\s+/g, ' ');
  const low = t.toLowerCase();
  if (low === 'lang alt') return 'Lang Alt';
  const array = /^(bag|seq|alt)(?: (.+))?$/.exec(low);
  if (array) return `${capital(array[1])} ${array[2] ? canonicalType(t.slice(array[1].length + 1)) : 'Text'}`;
  const choice = /^(open|closed) choice(?: of (.+))?$/.exec(low);
  if (choice) {
    const of = choice[2] ? ` of ${canonicalType(t.slice(t.length - choice[2].length))}` : '';
    return `${capital(choice[1])} Choice${of}`;
  }
  return KNOWN_TYPES.get(low) ?? t;
}

interface SchemaDef {
  prefix: string;
  since: 1 | 2;
  props: Record<string, string>;
}

function props(spec: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of spec.split(';')) {
    const t = part.trim();
    if (!t) continue;
    const i = t.indexOf(' ');
    out[t.slice(0, i)] = t.slice(i + 1).trim();
  }
  return out;
}

export const PREDEFINED: Record<string, SchemaDef> = {
  'http://purl.org/dc/elements/1.1/': {
    prefix: 'dc',
    since: 1,
    props: props(`
    contributor Bag ProperName; coverage Text; creator Seq ProperName; date Seq Date; description Lang Alt;
    format MIMEType; identifier Text; language Bag Locale; publisher Bag ProperName; relation Bag Text;
    rights Lang Alt; source Text; subject Bag Text; title Lang Alt; type Bag Text`),
  },
  'http://ns.adobe.com/xap/1.0/': {
    prefix: 'xmp',
    since: 1,
    props: props(`
    Advisory Bag XPath; BaseURL URL; CreateDate Date; CreatorTool AgentName; Identifier Bag Text; MetadataDate Date;
    ModifyDate Date; Nickname Text; Thumbnails Alt Thumbnail; Label Text; Rating Real`),
  },
  'http://ns.adobe.com/xap/1.0/rights/': {
    prefix: 'xmpRights',
    since: 1,
    props: props(`
    Certificate URL; Marked Boolean; Owner Bag ProperName; UsageTerms Lang Alt; WebStatement URL`),
  },
  'http://ns.adobe.com/xap/1.0/mm/': {
    prefix: 'xmpMM',
    since: 1,
    props: props(`
    DerivedFrom ResourceRef; DocumentID URI; History Seq ResourceEvent; ManagedFrom ResourceRef; Manager AgentName;
    ManageTo URI; ManageUI URI; ManagerVariant Text; RenditionClass RenditionClass; RenditionParams Text;
    VersionID Text; Versions Seq Version; LastURL URL; RenditionOf ResourceRef; SaveID Integer; InstanceID URI;
    OriginalDocumentID URI`),
  },
  'http://ns.adobe.com/xap/1.0/bj/': { prefix: 'xmpBJ', since: 1, props: props(`JobRef Bag Job`) },
  'http://ns.adobe.com/xap/1.0/t/pg/': {
    prefix: 'xmpTPg',
    since: 1,
    props: props(`
    MaxPageSize Dimensions; NPages Integer; Fonts Bag Font; Colorants Seq Colorant; PlateNames Seq Text`),
  },
  'http://ns.adobe.com/pdf/1.3/': {
    prefix: 'pdf',
    since: 1,
    props: props(`
    Keywords Text; PDFVersion Text; Producer AgentName; Trapped Text`),
  },
  'http://ns.adobe.com/photoshop/1.0/': {
    prefix: 'photoshop',
    since: 1,
    props: props(`
    AuthorsPosition Text; CaptionWriter ProperName; Category Text; City Text; Country Text; Credit Text;
    DateCreated Date; Headline Text; Instructions Text; Source Text; State Text; SupplementalCategories Bag Text;
    TransmissionReference Text; Urgency Integer; ColorMode Integer; ICCProfile Text; History Text`),
  },
  'http://ns.adobe.com/camera-raw-settings/1.0/': {
    prefix: 'crs',
    since: 2,
    props: props(`
    AutoBrightness Boolean; AutoContrast Boolean; AutoExposure Boolean; AutoShadows Boolean; BlueHue Integer;
    BlueSaturation Integer; Brightness Integer; CameraProfile Text; ChromaticAberrationB Integer;
    ChromaticAberrationR Integer; ColorNoiseReduction Integer; Contrast Integer; CropTop Real; CropLeft Real;
    CropBottom Real; CropRight Real; CropAngle Real; CropWidth Real; CropHeight Real; CropUnits Integer;
    Exposure Real; GreenHue Integer; GreenSaturation Integer; HasCrop Boolean; HasSettings Boolean;
    LuminanceSmoothing Integer; RawFileName Text; RedHue Integer; RedSaturation Integer; Saturation Integer;
    Shadows Integer; ShadowTint Integer; Sharpness Integer; Temperature Integer; Tint Integer; ToneCurve Seq Text;
    ToneCurveName Text; Version Text; VignetteAmount Integer; VignetteMidpoint Integer; WhiteBalance Text`),
  },
  'http://ns.adobe.com/tiff/1.0/': {
    prefix: 'tiff',
    since: 1,
    props: props(`
    ImageWidth Integer; ImageLength Integer; BitsPerSample Seq Integer; Compression Integer;
    PhotometricInterpretation Integer; Orientation Integer; SamplesPerPixel Integer; PlanarConfiguration Integer;
    YCbCrSubSampling Seq Integer; YCbCrPositioning Integer; XResolution Rational; YResolution Rational;
    ResolutionUnit Integer; TransferFunction Seq Integer; WhitePoint Seq Rational; PrimaryChromaticities Seq Rational;
    YCbCrCoefficients Seq Rational; ReferenceBlackWhite Seq Rational; DateTime Date; ImageDescription Lang Alt;
    Make ProperName; Model ProperName; Software AgentName; Artist ProperName; Copyright Lang Alt`),
  },
  'http://ns.adobe.com/exif/1.0/': {
    prefix: 'exif',
    since: 1,
    props: props(`
    ExifVersion Text; FlashpixVersion Text; ColorSpace Integer; ComponentsConfiguration Seq Integer;
    CompressedBitsPerPixel Rational; PixelXDimension Integer; PixelYDimension Integer; UserComment Lang Alt;
    RelatedSoundFile Text; DateTimeOriginal Date; DateTimeDigitized Date; ExposureTime Rational; FNumber Rational;
    ExposureProgram Integer; SpectralSensitivity Text; ISOSpeedRatings Seq Integer; OECF OECF/SFR;
    ShutterSpeedValue Rational; ApertureValue Rational; BrightnessValue Rational; ExposureBiasValue Rational;
    MaxApertureValue Rational; SubjectDistance Rational; MeteringMode Integer; LightSource Integer; Flash Flash;
    FocalLength Rational; SubjectArea Seq Integer; FlashEnergy Rational; SpatialFrequencyResponse OECF/SFR;
    FocalPlaneXResolution Rational; FocalPlaneYResolution Rational; FocalPlaneResolutionUnit Integer;
    SubjectLocation Seq Integer; ExposureIndex Rational; SensingMethod Integer; FileSource Integer;
    SceneType Integer; CFAPattern CFAPattern; CustomRendered Integer; ExposureMode Integer; WhiteBalance Integer;
    DigitalZoomRatio Rational; FocalLengthIn35mmFilm Integer; SceneCaptureType Integer; GainControl Integer;
    Contrast Integer; Saturation Integer; Sharpness Integer; DeviceSettingDescription DeviceSettings;
    SubjectDistanceRange Integer; ImageUniqueID Text; GPSVersionID Text; GPSLatitude GPSCoordinate;
    GPSLongitude GPSCoordinate; GPSAltitudeRef Integer; GPSAltitude Rational; GPSTimeStamp Date; GPSSatellites Text;
    GPSStatus Text; GPSMeasureMode Text; GPSDOP Rational; GPSSpeedRef Text; GPSSpeed Rational; GPSTrackRef Text;
    GPSTrack Rational; GPSImgDirectionRef Text; GPSImgDirection Rational; GPSMapDatum Text;
    GPSDestLatitude GPSCoordinate; GPSDestLongitude GPSCoordinate; GPSDestBearingRef Text; GPSDestBearing Rational;
    GPSDestDistanceRef Text; GPSDestDistance Rational; GPSProcessingMethod Text; GPSAreaInformation Text;
    GPSDifferential Integer`),
  },
  'http://ns.adobe.com/xmp/1.0/DynamicMedia/': {
    prefix: 'xmpDM',
    since: 2,
    props: props(`
    projectRef ProjectLink; videoFrameRate Text; videoFrameSize Dimensions; videoPixelAspectRatio Rational;
    videoPixelDepth Text; videoColorSpace Text; videoAlphaMode Text; videoAlphaPremultipleColor Colorant;
    videoAlphaUnityIsTransparent Boolean; videoCompressor Text; videoFieldOrder Text; pullDown Text;
    audioSampleRate Integer; audioSampleType Text; audioChannelType Text; audioCompressor Text; speakerPlacement Text;
    fileDataRate Rational; tapeName Text; altTapeName Text; startTimecode Timecode; altTimecode Timecode;
    duration Time; scene Text; shotName Text; shotDate Date; shotLocation Text; logComment Text; markers Seq Marker;
    contributedMedia Bag Media; absPeakAudioFilePath URI; relativePeakAudioFilePath URI; videoModDate Date;
    audioModDate Date; metadataModDate Date; artist Text; album Text; trackNumber Integer; genre Text;
    copyright Text; releaseDate Date; composer Text; engineer Text; tempo Real; instrument Text; introTime Time;
    outCue Time; relativeTimestamp Time; loop Boolean; numberOfBeats Real; key Text; stretchMode Text;
    timeScaleParams timeScaleStretch; resampleParams resampleStretch; beatSpliceParams beatSpliceStretch;
    timeSignature Text; scaleType Text`),
  },
  'http://ns.adobe.com/exif/1.0/aux/': {
    prefix: 'aux',
    since: 2,
    props: props(`
    Lens Text; SerialNumber Text; LensInfo Seq Rational; LensID Text; ImageNumber Integer; FlashCompensation Rational;
    Firmware Text; OwnerName ProperName`),
  },
  'http://www.aiim.org/pdfa/ns/id/': {
    prefix: 'pdfaid',
    since: 1,
    props: props(`part Integer; amd Text; conformance Text; corr Text; rev Integer`),
  },
  'http://www.aiim.org/pdfua/ns/id/': {
    prefix: 'pdfuaid',
    since: 2,
    props: props(`part Integer; amd Text; corr Text; rev Integer`),
  },
};

/** Namespaces whose properties are not typed here but need no extension schema (XMP 2005 and the
 * structure / qualifier namespaces, and the PDF/A extension schema machinery itself). */
export const OPEN_NAMESPACES = new Set([
  'http://ns.adobe.com/xap/1.0/sType/ResourceRef#',
  'http://ns.adobe.com/xap/1.0/sType/ResourceEvent#',
  'http://ns.adobe.com/xap/1.0/sType/Version#',
  'http://ns.adobe.com/xap/1.0/sType/Job#',
  'http://ns.adobe.com/xap/1.0/sType/Dimensions#',
  'http://ns.adobe.com/xap/1.0/sType/Font#',
  'http://ns.adobe.com/xap/1.0/g/',
  'http://ns.adobe.com/xap/1.0/g/img/',
  'http://ns.adobe.com/xmp/Identifier/qual/1.0/',
  'http://www.aiim.org/pdfa/ns/extension/',
  'http://www.aiim.org/pdfa/ns/schema#',
  'http://www.aiim.org/pdfa/ns/property#',
  'http://www.aiim.org/pdfa/ns/type#',
  'http://www.aiim.org/pdfa/ns/field#',
]);

export const DYNAMIC_MEDIA = 'http://ns.adobe.com/xmp/1.0/DynamicMedia/';

/** Where XMP 2004 (PDF/A-1) typed a property otherwise than XMP 2005 (PDF/A-2 and later), the 2004
 * type: namespace → property → type. XMP 2004 lists photoshop:SupplementalCategories as Text, XMP
 * 2005 as bag Text (the veraPDF corpus fails a Bag under PDF/A-1 6.7.2 t13 and a Seq under PDF/A-2). */
export const XMP2004_TYPES: Record<string, Record<string, string>> = {
  'http://ns.adobe.com/photoshop/1.0/': { SupplementalCategories: 'Text' },
};
