=== zip adds files and unzip -l lists them with their times
--- file a.txt
hello
--- file b.txt
world
--- script
touch -d '2020-01-02 03:04:05' a.txt b.txt
zip t a.txt b.txt; echo "st=$?"
unzip -l t.zip; echo "st=$?"
unzip -Z1 t
--- stdout
  adding: a.txt (stored 0%)
  adding: b.txt (stored 0%)
st=0
Archive:  t.zip
  Length      Date    Time    Name
---------  ---------- -----   ----
        6  2020-01-02 03:04   a.txt
        6  2020-01-02 03:04   b.txt
---------                     -------
       12                     2 files
st=0
a.txt
b.txt

=== zip deflates what shrinks, unzip -v and -t read it back
--- script
seq 2000 > n.txt
echo x > s.txt
touch -d '2021-05-06 07:08:09' n.txt s.txt
zip -q t n.txt s.txt
unzip -v t.zip | sed -n '1,3p;5p'
unzip -v t.zip | grep -c 'Defl:N'
unzip -t t.zip; echo "st=$?"
unzip -tq t.zip
unzip -tqq t.zip; echo "st=$?"
--- stdout
Archive:  t.zip
 Length   Method    Size  Cmpr    Date    Time   CRC-32   Name
--------  ------  ------- ---- ---------- ----- --------  ----
       2  Stored        2   0% 2021-05-06 07:08 46ea081f  s.txt
1
Archive:  t.zip
    testing: n.txt                    OK
    testing: s.txt                    OK
No errors detected in compressed data of t.zip.
st=0
No errors detected in compressed data of t.zip.
st=0

=== unzip -v totals and the singular file count
--- file a
abc
--- script
touch -d '2022-02-03 04:05:06' a
zip -q -0 t a
unzip -v t
unzip -l t | tail -1
--- stdout
Archive:  t.zip
 Length   Method    Size  Cmpr    Date    Time   CRC-32   Name
--------  ------  ------- ---- ---------- ----- --------  ----
       4  Stored        4   0% 2022-02-03 04:05 4788814e  a
--------          -------  ---                            -------
       4                4   0%                            1 file
        4                     1 file

=== the zip name gets .zip unless it has a suffix
--- file a
x
--- script
zip -q out a; zip -q out.jar a; zip -q dir.d/x a; echo "st=$?"; ls
--- stdout
zip I/O error: No such file or directory
zip error: Could not create output file (dir.d/x.zip)
st=15
a
out.jar
out.zip

=== updating, unmatched names and nothing to do
--- file a
x
--- script
zip t a nope; echo "st=$?"
zip t a; echo "st=$?"
zip t nope; echo "st=$?"
zip -q t nope; echo "st=$?"
zip new nope; echo "st=$?"
ls
--- stdout
	zip warning: name not matched: nope
  adding: a (stored 0%)
st=0
updating: a (stored 0%)
st=0
	zip warning: name not matched: nope

zip error: Nothing to do! (t.zip)
st=12

zip error: Nothing to do! (t.zip)
st=12
	zip warning: name not matched: nope

zip error: Nothing to do! (new.zip)
st=12
a
t.zip

=== unzip restores modes and times
--- file a
one
--- file d/b
two
--- script
touch -d '2019-03-04 05:06:07' a d/b
chmod 640 a; chmod 755 d/b
zip -q t a d/b
mkdir x; cd x
unzip ../t.zip; echo "st=$?"
stat -c '%a %y %n' a d/b
cat a d/b
--- stdout
Archive:  ../t.zip
 extracting: a                       
 extracting: d/b                     
st=0
640 2019-03-04 05:06:07.000000000 +0000 a
755 2019-03-04 05:06:07.000000000 +0000 d/b
one
two

=== directories, -r and -D
--- file d/e/f
x
--- script
touch -d '2020-01-01 00:00:00' d/e/f d/e d
zip -rq t d
unzip -Z1 t | sort
zip -rqD t2 d
unzip -Z1 t2
mkdir x; cd x; unzip -q ../t; stat -c '%y %n' d d/e
--- stdout
d/
d/e/
d/e/f
d/e/f
2020-01-01 00:00:00.000000000 +0000 d
2020-01-01 00:00:00.000000000 +0000 d/e

=== unzip -o, -n and an existing file with no answer on stdin
--- file a
new
--- script
zip -q t a
echo old > a
unzip -n t; echo "st=$?"; cat a
unzip t < /dev/null; echo "st=$?"; cat a
unzip -o t; echo "st=$?"; cat a
unzip -qo t; echo "st=$?"
--- stdout
Archive:  t.zip
st=0
old
Archive:  t.zip
st=1
old
Archive:  t.zip
 extracting: a                       
st=0
new
st=0
--- stderr
replace a? [y]es, [n]o, [A]ll, [N]one, [r]ename:  NULL
(EOF or read error, treating as "[N]one" ...)

=== unzip answers from stdin: yes, no, all, rename and a bad answer
--- file a
1
--- file b
2
--- file c
3
--- script
zip -q t a b c
echo x > a; echo x > b; echo x > c
printf 'y\nn\ny\n' | unzip -q t; echo "st=$?"; cat a b c
printf 'A\n' | unzip -q t; echo "st=$?"; cat b
printf 'what\nN\n' | unzip -q t a b; echo "st=$?"
printf 'r\nrenamed\nn\n' | unzip -q t a b; echo "st=$?"; cat renamed
--- stderr (no newline)
replace a? [y]es, [n]o, [A]ll, [N]one, [r]ename: replace b? [y]es, [n]o, [A]ll, [N]one, [r]ename: replace c? [y]es, [n]o, [A]ll, [N]one, [r]ename: replace a? [y]es, [n]o, [A]ll, [N]one, [r]ename: replace a? [y]es, [n]o, [A]ll, [N]one, [r]ename: error:  invalid response [what]
replace a? [y]es, [n]o, [A]ll, [N]one, [r]ename: replace a? [y]es, [n]o, [A]ll, [N]one, [r]ename: new name: replace b? [y]es, [n]o, [A]ll, [N]one, [r]ename: 
--- stdout
st=0
1
x
3
st=0
2
st=0
st=0
1

=== unzip -p, -c, -j and -d
--- file a
alpha
--- file d/b
beta
--- script
zip -q t a d/b
unzip -p t d/b a
unzip -c t a
unzip -j t -d out; echo "st=$?"
ls out
unzip -qd out2 t; ls out2 out2/d
--- stdout
alpha
beta
Archive:  t.zip
 extracting: a                       
alpha

Archive:  t.zip
 extracting: out/a                   
 extracting: out/b                   
st=0
a
b
out2:
a
d

out2/d:
b

=== member patterns, -x and names that match nothing
--- file a.txt
1
--- file b.log
2
--- file d/c.txt
3
--- script
zip -q t a.txt b.log d/c.txt
unzip -Z1 t '*.txt'
unzip -Z1 t -x '*.txt'
unzip -qq -l t 'd/*' nope | cut -c1-9,30-; echo "st=${PIPESTATUS[0]}"
unzip -qq -l t nope; echo "st=$?"
unzip -Z1 t a.txt -x nope; echo "st=$?"
unzip -Z1 t '?.txt'
mkdir x; cd x; unzip -qq ../t a.txt nope; echo "st=$?"; ls
--- stdout
a.txt
d/c.txt
b.log
        2 d/c.txt
st=0
st=11
a.txt
st=0
a.txt
st=11
a.txt
--- stderr
caution: excluded filename not matched:  nope
caution: filename not matched:  nope

=== unzip of a missing archive or of a file that is not one
--- file bad.zip
not a zip file
--- script
unzip nope; echo "st=$?"
unzip -l nope.zip; echo "st=$?"
unzip -l bad.zip; echo "st=$?"
unzip -qq bad; echo "st=$?"
--- stdout
st=9
st=9
Archive:  bad.zip
st=9
st=9
--- stderr
unzip:  cannot find or open nope, nope.zip or nope.ZIP.
unzip:  cannot find or open nope.zip, nope.zip.zip or nope.zip.ZIP.
  End-of-central-directory signature not found.  Either this file is not
  a zipfile, or it constitutes one disk of a multi-part archive.  In the
  latter case the central directory and zipfile comment will be found on
  the last disk(s) of this archive.
unzip:  cannot find zipfile directory in one of bad.zip or
        bad.zip.zip, and cannot find bad.zip.ZIP, period.
[bad.zip]
  End-of-central-directory signature not found.  Either this file is not
  a zipfile, or it constitutes one disk of a multi-part archive.  In the
  latter case the central directory and zipfile comment will be found on
  the last disk(s) of this archive.
unzip:  cannot find zipfile directory in one of bad or
        bad.zip, and cannot find bad.ZIP, period.

=== a bad CRC is found by -t and by extraction
--- file a.txt
hello
--- script
zip -q t a.txt
printf 'j' | dd of=t.zip bs=1 seek=63 conv=notrunc 2>/dev/null
unzip -t t.zip; echo "st=$?"
mkdir x; cd x; unzip -q ../t.zip; echo "st=$?"
--- stdout
Archive:  t.zip
    testing: a.txt                    bad CRC 7bf2912b  (should be 363a3020)
At least one error was detected in t.zip.
st=2
st=2
--- stderr
a.txt                   bad CRC 7bf2912b  (should be 363a3020)

=== zip -d deletes members, and an emptied archive stays
--- file a
1
--- file b
2
--- script
zip -q t a b
zip t -d nope a; echo "st=$?"
unzip -Z1 t
zip -d t nope; echo "st=$?"
zip -d t 'b*'; echo "st=$?"
unzip -l t; echo "st=$?"
zip -d gone a; echo "st=$?"
--- stdout
	zip warning: name not matched: nope
deleting: a
st=0
b
	zip warning: name not matched: nope

zip error: Nothing to do! (t.zip)
st=12
deleting: b
	zip warning: zip file empty
st=0
Archive:  t.zip
st=1
	zip warning: gone.zip not found or empty

zip error: Nothing to do! (gone.zip)
st=12
--- stderr
warning [t.zip]:  zipfile is empty

=== zip -u and -f take only newer files, -m moves them in
--- file a
1
--- file b
2
--- script
touch -d '2020-01-01 00:00:00' a b
zip -q t a
zip -u t a; echo "st=$?"
zip -f t a b; echo "st=$?"
touch -d '2021-01-01 00:00:00' a
zip -f t a b; echo "st=$?"
zip -u t a b; echo "st=$?"
echo c > c; zip -qm t c; echo "st=$?"; ls
--- stdout
st=12
st=12
freshening: a (stored 0%)
st=0
  adding: b (stored 0%)
st=0
st=0
a
b
t.zip

=== zip -j, -x and -i choose names
--- file d/a.txt
1
--- file d/b.log
2
--- script
zip -qj t d/a.txt d/b.log; unzip -Z1 t
zip -qr t2 d -x '*.log'; unzip -Z1 t2 | sort
zip -qr t3 d -i '*.log'; unzip -Z1 t3
--- stdout
a.txt
b.log
d/
d/a.txt
d/b.log

=== symbolic links: followed by default, kept with -y
--- file a
target text
--- script
ln -s a l
zip -q t l; unzip -p t l
zip -qy t2 l
mkdir x; cd x; unzip ../t2; readlink l
--- stdout
target text
Archive:  ../t2.zip
    linking: l                       -> a 
finishing deferred symbolic links:
  l                      -> a
a

=== names with ../ or a leading / are made safe
--- script
printf 'PK\003\004\024\000\000\000\000\000\203\030"PA\343\221b\003\000\000' > e.zip
printf '\000\003\000\000\000\011\000\000\000../up.txtup\012PK\003\004\024' >> e.zip
printf '\000\000\000\000\000\203\030"P\037\223J\015\004\000\000\000\004' >> e.zip
printf '\000\000\000\010\000\000\000/abs.txtabs\012PK\003\004\024\000\000' >> e.zip
printf '\000\000\000\203\030"Pt\010\027\226\004\000\000\000\004\000\000' >> e.zip
printf '\000\020\000\000\000in/../../two.txttwo\012PK\003\004\024\000\000' >> e.zip
printf '\000\000\000\203\030"P}\016\026\332\003\000\000\000\003\000\000' >> e.zip
printf '\000\006\000\000\000ok.txtok\012PK\001\002\024\003\024\000\000\000' >> e.zip
printf '\000\000\203\030"PA\343\221b\003\000\000\000\003\000\000\000\011' >> e.zip
printf '\000\000\000\000\000\000\000\000\000\000\000\244\201\000\000\000' >> e.zip
printf '\000../up.txtPK\001\002\024\003\024\000\000\000\000\000\203\030"P' >> e.zip
printf '\037\223J\015\004\000\000\000\004\000\000\000\010\000\000\000\000' >> e.zip
printf '\000\000\000\000\000\000\000\244\201*\000\000\000/abs.txtPK\001' >> e.zip
printf '\002\024\003\024\000\000\000\000\000\203\030"Pt\010\027\226\004' >> e.zip
printf '\000\000\000\004\000\000\000\020\000\000\000\000\000\000\000\000' >> e.zip
printf '\000\000\000\244\201T\000\000\000in/../../two.txtPK\001\002\024' >> e.zip
printf '\003\024\000\000\000\000\000\203\030"P}\016\026\332\003\000\000' >> e.zip
printf '\000\003\000\000\000\006\000\000\000\000\000\000\000\000\000\000' >> e.zip
printf '\000\244\201\206\000\000\000ok.txtPK\005\006\000\000\000\000\004' >> e.zip
printf '\000\004\000\337\000\000\000\255\000\000\000\000\000' >> e.zip
mkdir x; cd x
unzip ../e.zip; echo "st=$?"
find . -type f | sort
--- stdout
Archive:  ../e.zip
warning:  skipped "../" path component(s) in ../up.txt
 extracting: up.txt                  
 extracting: abs.txt                 
warning:  skipped "../" path component(s) in in/../../two.txt
 extracting: in/two.txt              
 extracting: ok.txt                  
st=1
./abs.txt
./in/two.txt
./ok.txt
./up.txt
--- stderr
warning:  stripped absolute path spec from /abs.txt

=== zip - reads stdin, zip -T tests, zip writes to stdout with -
--- script
echo data | zip -q t -; unzip -p t -
printf 'x\n' > a; zip -T t2 a; echo "st=$?"
zip -q - a > t3.zip; unzip -p t3.zip a
--- stdout
data
  adding: a (stored 0%)
test of t2.zip OK
st=0
x

=== an empty archive and unzip with no arguments
--- script
unzip | head -1; echo "st=$?"
unzip -k x.zip 2>&1 | head -1
--- stdout
UnZip 6.00 of 20 April 2009, by Debian. Original by Info-ZIP.
st=0
UnZip 6.00 of 20 April 2009, by Debian. Original by Info-ZIP.

=== unzip -f and -u replace only older files, -f creates none
--- script
echo 1 > a; echo 2 > b
touch -d 2020-01-01 a b
zip -q t a b
rm b; echo old > a; touch -d 2019-01-01 a
unzip -fo t; echo "st=$?"; ls; cat a
echo old > a; touch -d 2021-01-01 a
unzip -uo t; echo "st=$?"; cat a b
--- stdout
Archive:  t.zip
 extracting: a                       
st=0
a
t.zip
1
Archive:  t.zip
 extracting: b                       
st=0
old
2

=== an archive behind other bytes is read with a warning
--- file stub
#!/bin/sh
echo a stub that comes first
--- file a
payload
--- script
zip -q t a
cat stub t.zip > both.zip
unzip -Z1 both.zip; echo "st=$?"
unzip -p both.zip a; echo "st=$?"
--- stdout
a
st=1
payload
st=1
--- stderr
warning [both.zip]:  39 extra bytes at beginning or within zipfile
  (attempting to process anyway)
warning [both.zip]:  39 extra bytes at beginning or within zipfile
  (attempting to process anyway)

=== listings name no missing member; -Z1 does
--- file a
1
--- script
zip -q t a
unzip -l t nope | tail -1; echo "st=${PIPESTATUS[0]}"
unzip -l t a nope | tail -1; echo "st=${PIPESTATUS[0]}"
unzip -Z1 t a nope; echo "st=$?"
unzip -z t; echo "st=$?"
--- stdout
        0                     0 files
st=11
        2                     1 file
st=0
a
st=0
Archive:  t.zip
st=0
--- stderr
caution: filename not matched:  nope
