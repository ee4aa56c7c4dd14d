package wordbook

// The fixed parts of every book. Element order inside the property elements follows the
// WordprocessingML schema: Word refuses a document whose order is wrong.

const (
	nsW     = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
	nsR     = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
	nsWP    = "http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"
	nsA     = "http://schemas.openxmlformats.org/drawingml/2006/main"
	nsPic   = "http://schemas.openxmlformats.org/drawingml/2006/picture"
	relBase = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
	xmlHead = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n"
)

const contentTypes = xmlHead + `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
	`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
	`<Default Extension="xml" ContentType="application/xml"/>` +
	`<Default Extension="jpeg" ContentType="image/jpeg"/>` +
	`<Default Extension="png" ContentType="image/png"/>` +
	`<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>` +
	`<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>` +
	`<Override PartName="/word/settings.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.settings+xml"/>` +
	`<Override PartName="/word/fontTable.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.fontTable+xml"/>` +
	`<Override PartName="/word/footer1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footer+xml"/>` +
	`<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>` +
	`<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>` +
	`</Types>`

const packageRels = xmlHead + `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
	`<Relationship Id="rId1" Type="` + relBase + `officeDocument" Target="word/document.xml"/>` +
	`<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>` +
	`<Relationship Id="rId3" Type="` + relBase + `extended-properties" Target="docProps/app.xml"/>` +
	`</Relationships>`

const appProps = xmlHead + `<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">` +
	`<Application>BidDesk</Application><DocSecurity>0</DocSecurity></Properties>`

const settingsXML = xmlHead + `<w:settings xmlns:w="` + nsW + `">` +
	`<w:zoom w:percent="100"/><w:defaultTabStop w:val="420"/><w:characterSpacingControl w:val="compressPunctuation"/>` +
	`<w:compat><w:compatSetting w:name="compatibilityMode" w:uri="http://schemas.microsoft.com/office/word" w:val="15"/></w:compat>` +
	`</w:settings>`

// Chinese text is set in 宋体 (SimSun), headings in 黑体 (SimHei); Latin text in Times New Roman.
// The alternative names let Word and LibreOffice find the fonts under their Latin names, and
// LibreOffice substitutes its CJK serif/sans fonts where neither is installed.
const fontTableXML = xmlHead + `<w:fonts xmlns:w="` + nsW + `">` +
	`<w:font w:name="Times New Roman"><w:panose1 w:val="02020603050405020304"/><w:charset w:val="00"/><w:family w:val="roman"/><w:pitch w:val="variable"/></w:font>` +
	`<w:font w:name="宋体"><w:altName w:val="SimSun"/><w:panose1 w:val="02010600030101010101"/><w:charset w:val="86"/><w:family w:val="auto"/><w:pitch w:val="variable"/></w:font>` +
	`<w:font w:name="黑体"><w:altName w:val="SimHei"/><w:panose1 w:val="02010609060101010101"/><w:charset w:val="86"/><w:family w:val="modern"/><w:pitch w:val="fixed"/></w:font>` +
	`</w:fonts>`

const footerXML = xmlHead + `<w:ftr xmlns:w="` + nsW + `" xmlns:r="` + nsR + `">` +
	`<w:p><w:pPr><w:pStyle w:val="Footer"/></w:pPr>` +
	`<w:r><w:t xml:space="preserve">— </w:t></w:r><w:fldSimple w:instr=" PAGE "><w:r><w:t>1</w:t></w:r></w:fldSimple><w:r><w:t xml:space="preserve"> —</w:t></w:r>` +
	`</w:p></w:ftr>`

const (
	fontsBody    = `<w:rFonts w:ascii="Times New Roman" w:hAnsi="Times New Roman" w:eastAsia="宋体" w:cs="Times New Roman"/>`
	fontsHeading = `<w:rFonts w:ascii="Times New Roman" w:hAnsi="Times New Roman" w:eastAsia="黑体" w:cs="Times New Roman"/>`
	single       = `<w:spacing w:before="0" w:after="0" w:line="240" w:lineRule="auto"/>`
)

func paraStyle(id, name, pPr, rPr string) string {
	return `<w:style w:type="paragraph" w:customStyle="1" w:styleId="` + id + `"><w:name w:val="` + name + `"/><w:basedOn w:val="Normal"/><w:qFormat/>` +
		`<w:pPr>` + pPr + `</w:pPr><w:rPr>` + rPr + `</w:rPr></w:style>`
}

func builtinStyle(id, name, pPr, rPr string) string {
	return `<w:style w:type="paragraph" w:styleId="` + id + `"><w:name w:val="` + name + `"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:uiPriority w:val="9"/><w:qFormat/>` +
		`<w:pPr>` + pPr + `</w:pPr><w:rPr>` + rPr + `</w:rPr></w:style>`
}

var stylesXML = xmlHead + `<w:styles xmlns:w="` + nsW + `">` +
	`<w:docDefaults><w:rPrDefault><w:rPr>` + fontsBody + `<w:kern w:val="2"/><w:sz w:val="21"/><w:szCs w:val="21"/><w:lang w:val="en-US" w:eastAsia="zh-CN" w:bidi="ar-SA"/></w:rPr></w:rPrDefault>` +
	`<w:pPrDefault><w:pPr><w:spacing w:after="0" w:line="360" w:lineRule="auto"/><w:jc w:val="both"/></w:pPr></w:pPrDefault></w:docDefaults>` +
	`<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/><w:pPr><w:widowControl w:val="0"/></w:pPr></w:style>` +
	`<w:style w:type="character" w:default="1" w:styleId="DefaultParagraphFont"><w:name w:val="Default Paragraph Font"/><w:uiPriority w:val="1"/><w:semiHidden/><w:unhideWhenUsed/></w:style>` +
	`<w:style w:type="table" w:default="1" w:styleId="TableNormal"><w:name w:val="Normal Table"/><w:uiPriority w:val="99"/><w:semiHidden/><w:unhideWhenUsed/><w:tblPr><w:tblInd w:w="0" w:type="dxa"/><w:tblCellMar><w:top w:w="0" w:type="dxa"/><w:left w:w="108" w:type="dxa"/><w:bottom w:w="0" w:type="dxa"/><w:right w:w="108" w:type="dxa"/></w:tblCellMar></w:tblPr></w:style>` +
	`<w:style w:type="table" w:styleId="TableGrid"><w:name w:val="Table Grid"/><w:basedOn w:val="TableNormal"/><w:uiPriority w:val="39"/><w:tblPr><w:tblBorders>` +
	`<w:top w:val="single" w:sz="4" w:space="0" w:color="000000"/><w:left w:val="single" w:sz="4" w:space="0" w:color="000000"/><w:bottom w:val="single" w:sz="4" w:space="0" w:color="000000"/>` +
	`<w:right w:val="single" w:sz="4" w:space="0" w:color="000000"/><w:insideH w:val="single" w:sz="4" w:space="0" w:color="000000"/><w:insideV w:val="single" w:sz="4" w:space="0" w:color="000000"/>` +
	`</w:tblBorders></w:tblPr></w:style>` +
	builtinStyle("Title", "Title", `<w:spacing w:before="240" w:after="240" w:line="240" w:lineRule="auto"/><w:jc w:val="center"/>`,
		fontsHeading+`<w:b/><w:bCs/><w:sz w:val="52"/><w:szCs w:val="52"/>`) +
	builtinStyle("Subtitle", "Subtitle", `<w:spacing w:before="120" w:after="120" w:line="240" w:lineRule="auto"/><w:jc w:val="center"/>`,
		fontsHeading+`<w:sz w:val="32"/><w:szCs w:val="32"/>`) +
	builtinStyle("Heading1", "heading 1", `<w:keepNext/><w:keepLines/><w:pageBreakBefore/><w:spacing w:before="240" w:after="240" w:line="240" w:lineRule="auto"/><w:jc w:val="left"/><w:outlineLvl w:val="0"/>`,
		fontsHeading+`<w:b/><w:bCs/><w:sz w:val="32"/><w:szCs w:val="32"/>`) +
	builtinStyle("Heading2", "heading 2", `<w:keepNext/><w:keepLines/><w:spacing w:before="360" w:after="120" w:line="240" w:lineRule="auto"/><w:jc w:val="left"/><w:outlineLvl w:val="1"/>`,
		fontsHeading+`<w:b/><w:bCs/><w:sz w:val="28"/><w:szCs w:val="28"/>`) +
	paraStyle("CoverInfo", "Cover Info", `<w:spacing w:before="0" w:after="0" w:line="480" w:lineRule="auto"/><w:ind w:left="2835"/><w:jc w:val="left"/>`,
		`<w:sz w:val="28"/><w:szCs w:val="28"/>`) +
	paraStyle("ContentsHeading", "Contents Heading", `<w:keepNext/><w:pageBreakBefore/><w:spacing w:before="240" w:after="360" w:line="240" w:lineRule="auto"/><w:jc w:val="center"/>`,
		fontsHeading+`<w:b/><w:bCs/><w:sz w:val="32"/><w:szCs w:val="32"/>`) +
	paraStyle("ContentsEntry", "Contents Entry", `<w:spacing w:before="0" w:after="120" w:line="360" w:lineRule="auto"/><w:ind w:left="420"/><w:jc w:val="left"/>`,
		`<w:sz w:val="24"/><w:szCs w:val="24"/>`) +
	`<w:style w:type="character" w:customStyle="1" w:styleId="ContentsLink"><w:name w:val="Contents Link"/><w:basedOn w:val="DefaultParagraphFont"/><w:rPr><w:color w:val="1F4E79"/></w:rPr></w:style>` +
	paraStyle("CellLabel", "Cell Label", single+`<w:jc w:val="center"/>`, `<w:b/><w:bCs/>`) +
	paraStyle("CellHeader", "Cell Header", single+`<w:jc w:val="center"/>`, fontsHeading+`<w:b/><w:bCs/>`) +
	paraStyle("CellText", "Cell Text", single+`<w:jc w:val="left"/>`, ``) +
	paraStyle("CellCenter", "Cell Center", single+`<w:jc w:val="center"/>`, ``) +
	paraStyle("BodyText", "Experience Text", `<w:spacing w:before="0" w:after="60" w:line="360" w:lineRule="auto"/><w:ind w:firstLineChars="200" w:firstLine="420"/>`, ``) +
	`<w:style w:type="paragraph" w:styleId="Footer"><w:name w:val="footer"/><w:basedOn w:val="Normal"/><w:uiPriority w:val="99"/><w:unhideWhenUsed/>` +
	`<w:pPr><w:tabs><w:tab w:val="center" w:pos="4153"/><w:tab w:val="right" w:pos="8306"/></w:tabs><w:snapToGrid w:val="0"/>` + single + `<w:jc w:val="center"/></w:pPr><w:rPr><w:sz w:val="18"/><w:szCs w:val="18"/></w:rPr></w:style>` +
	`</w:styles>`
