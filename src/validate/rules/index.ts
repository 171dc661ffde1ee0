// Every rule, by name, in alphabetical order of id. Nothing scans directories at run time; the
// registry test checks that each file in this folder is listed here.
import type { AnyRule } from "../define-rule.js";
import { annotationsContradiction } from "./annotations-contradiction.js";
import { authoringBlockShape } from "./authoring-block-shape.js";
import { authoringExampleValid } from "./authoring-example-valid.js";
import { descriptionHiddenInstructions } from "./description-hidden-instructions.js";
import { descriptionInvisibleCharacters } from "./description-invisible-characters.js";
import { descriptionLengthLimit } from "./description-length-limit.js";
import { descriptionMissing } from "./description-missing.js";
import { descriptionPromptInjection } from "./description-prompt-injection.js";
import { descriptionToolShadowing } from "./description-tool-shadowing.js";
import { descriptorNulCharacter } from "./descriptor-nul-character.js";
import { descriptorSizeLimit } from "./descriptor-size-limit.js";
import { headerIntegerRange } from "./header-integer-range.js";
import { headerNameSyntax } from "./header-name-syntax.js";
import { headerNameUnique } from "./header-name-unique.js";
import { headerParamReachable } from "./header-param-reachable.js";
import { headerParamSensitive } from "./header-param-sensitive.js";
import { headerParamType } from "./header-param-type.js";
import { iconUriScheme } from "./icon-uri-scheme.js";
import { inputSchemaNoParams } from "./input-schema-no-params.js";
import { inputSchemaObject } from "./input-schema-object.js";
import { metaKeyReserved } from "./meta-key-reserved.js";
import { metaKeySyntax } from "./meta-key-syntax.js";
import { schemaAcceptsNothing } from "./schema-accepts-nothing.js";
import { schemaCompositionLimit } from "./schema-composition-limit.js";
import { schemaDefsLimit } from "./schema-defs-limit.js";
import { schemaDepthLimit } from "./schema-depth-limit.js";
import { schemaDialect } from "./schema-dialect.js";
import { schemaDialectLegacy } from "./schema-dialect-legacy.js";
import { schemaDynamicRef } from "./schema-dynamic-ref.js";
import { schemaEnumLimit } from "./schema-enum-limit.js";
import { schemaInheritedProperty } from "./schema-inherited-property.js";
import { schemaNullableKeyword } from "./schema-nullable-keyword.js";
import { schemaPatternBacktracking } from "./schema-pattern-backtracking.js";
import { schemaPatternBoundedTime } from "./schema-pattern-bounded-time.js";
import { schemaPatternLimit } from "./schema-pattern-limit.js";
import { schemaPatternLinearTime } from "./schema-pattern-linear-time.js";
import { schemaProtoProperty } from "./schema-proto-property.js";
import { schemaSubschemaLimit } from "./schema-subschema-limit.js";
import { schemaUnknownFormat } from "./schema-unknown-format.js";
import { schemaValid } from "./schema-valid.js";
import { toolNameCaseCollision } from "./tool-name-case-collision.js";
import { toolNameMangled } from "./tool-name-mangled.js";
import { toolNameSyntax } from "./tool-name-syntax.js";
import { toolNameUnique } from "./tool-name-unique.js";
import { toolShape } from "./tool-shape.js";
import { toolUnknownField } from "./tool-unknown-field.js";

export const ALL_RULES: readonly AnyRule[] = [
  annotationsContradiction,
  authoringBlockShape,
  authoringExampleValid,
  descriptionHiddenInstructions,
  descriptionInvisibleCharacters,
  descriptionLengthLimit,
  descriptionMissing,
  descriptionPromptInjection,
  descriptionToolShadowing,
  descriptorNulCharacter,
  descriptorSizeLimit,
  headerIntegerRange,
  headerNameSyntax,
  headerNameUnique,
  headerParamReachable,
  headerParamSensitive,
  headerParamType,
  iconUriScheme,
  inputSchemaNoParams,
  inputSchemaObject,
  metaKeyReserved,
  metaKeySyntax,
  schemaAcceptsNothing,
  schemaCompositionLimit,
  schemaDefsLimit,
  schemaDepthLimit,
  schemaDialect,
  schemaDialectLegacy,
  schemaDynamicRef,
  schemaEnumLimit,
  schemaInheritedProperty,
  schemaNullableKeyword,
  schemaPatternBacktracking,
  schemaPatternBoundedTime,
  schemaPatternLimit,
  schemaPatternLinearTime,
  schemaProtoProperty,
  schemaSubschemaLimit,
  schemaUnknownFormat,
  schemaValid,
  toolNameCaseCollision,
  toolNameMangled,
  toolNameSyntax,
  toolNameUnique,
  toolShape,
  toolUnknownField,
];
